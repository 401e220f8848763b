import type { ServiceRoutes } from '@honne/service-kit';

import type { AppContext } from './context.ts';
import { ageRoutes } from './routes/age.ts';
import { appRoutes } from './routes/app-facing.ts';
import { filterRoutes } from './routes/filter.ts';
import { moneyRoutes } from './routes/money.ts';
import { operatorApiRoutes } from './routes/operator-api.ts';
import { operatorRoutes } from './routes/operators.ts';
import { queueRoutes } from './routes/queue.ts';
import { systemRoutes } from './routes/system.ts';

/** The service's endpoints, registered in this order on the kit's app. */
export const routes: ServiceRoutes<AppContext> = [
  operatorRoutes,
  queueRoutes,
  moneyRoutes,
  operatorApiRoutes,
  filterRoutes,
  systemRoutes,
  appRoutes,
  ageRoutes,
];
