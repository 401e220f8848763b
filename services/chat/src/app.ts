import type { ServiceRoutes } from '@honne/service-kit';

import type { AppContext } from './context.ts';
import { messageRoutes } from './routes/messages.ts';
import { roomRoutes } from './routes/rooms.ts';

/** The service's endpoints, registered in this order on the kit's app. */
export const routes: ServiceRoutes<AppContext> = [roomRoutes, messageRoutes];
