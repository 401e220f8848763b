import type { ServiceRoutes } from '@honne/service-kit';

import type { AppContext } from './context.ts';
import { balanceRoutes } from './routes/balance.ts';
import { checkoutRoutes } from './routes/checkouts.ts';
import { giftRoutes } from './routes/gifts.ts';
import { historyRoutes } from './routes/history.ts';
import { purchaseRoutes } from './routes/purchases.ts';
import { refundRoutes } from './routes/refunds.ts';

/** The service's endpoints, registered in this order on the kit's app. */
export const routes: ServiceRoutes<AppContext> = [
  balanceRoutes,
  historyRoutes,
  giftRoutes,
  purchaseRoutes,
  checkoutRoutes,
  refundRoutes,
];
