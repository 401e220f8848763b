import type { ServiceRoutes } from '@honne/service-kit';

import type { AppContext } from './context.ts';
import { filterRoutes } from './routes/filters.ts';
import { historyRoutes } from './routes/history.ts';
import { referenceRoutes } from './routes/reference.ts';
import { threadRoutes } from './routes/threads.ts';
import { topicRoutes } from './routes/topics.ts';

/** The service's endpoints, registered in this order on the kit's app. */
export const routes: ServiceRoutes<AppContext> = [
  referenceRoutes,
  threadRoutes,
  topicRoutes,
  historyRoutes,
  filterRoutes,
];
