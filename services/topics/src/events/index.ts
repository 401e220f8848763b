import { onBlockChanged, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { respondFilter, respondTopic } from './requests.ts';
import { onRoomOpened, onRoomReplied } from './rooms.ts';
import { onPresenceChanged, onProfileUpdated, onUserDeleted } from './users.ts';

/** Bus subscribers and responders of this service (queue group: the service's name, `serviceQueue`). */
export function subscribeAll(ctx: AppContext): Subscription[] {
  return [
    onProfileUpdated(ctx),
    onPresenceChanged(ctx),
    onUserDeleted(ctx),
    onBlockChanged(ctx),
    onRoomOpened(ctx),
    onRoomReplied(ctx),
    respondFilter(ctx),
    respondTopic(ctx),
  ];
}
