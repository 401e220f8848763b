import { onBlockChanged, onNewAccounts, subscribeAgeStates, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { onHeldVoiceDecided } from './held.ts';
import { onPersonRestricted, onVoiceModerated } from './moderation.ts';
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
    // Moderation (issue 27): restricted people and voices an operator hid, kept here to be enforced
    // in the queries and told to the lists on screen.
    onPersonRestricted(ctx),
    onVoiceModerated(ctx),
    // Age assurance (ADR 0038): anonymous and priced voices may be kept from some states.
    ...subscribeAgeStates(ctx),
    onHeldVoiceDecided(ctx),
    // A new account's first hour posts under stricter flood limits (ADR 0037).
    onNewAccounts(ctx, ctx.config.voiceFlood),
  ];
}
