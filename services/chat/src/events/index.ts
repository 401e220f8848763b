import { subscribeAgeStates, subscribeRestrictions, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { onCallEnded } from './calls.ts';
import { onCallReported, onMessagesModerated } from './safety.ts';
import { onGiftSent } from './gifts.ts';
import { onHeldMessageDecided } from './held.ts';
import {
  respondRoomBetween,
  respondRoomEvidence,
  respondRoomParticipants,
  respondRoomsPreview,
  respondRoomsSummary,
  respondSendMessage,
} from './requests.ts';
import { respondRoomsSnapshot } from './snapshot.ts';
import { onTopicDeleted, onTopicExpired } from './topics.ts';
import {
  onBlockChanged,
  onFriendChanged,
  onProfileUpdated,
  onSettingsUpdated,
  onUserDeleted,
  onUserRegistered,
  onUserRenamed,
  respondFriendRoomsRemove,
} from './users.ts';

/** Bus subscribers and responders of this service (queue group: the service's name, `serviceQueue`). */
export function subscribeAll(ctx: AppContext): Subscription[] {
  return [
    onProfileUpdated(ctx),
    onUserRegistered(ctx),
    onHeldMessageDecided(ctx),
    onSettingsUpdated(ctx),
    onBlockChanged(ctx),
    // Kept to refuse a muted person's messages (issue 27).
    subscribeRestrictions(ctx),
    // Kept for the contact-exchange policy between the two sides of a 1:1 chat (ADR 0031).
    ...subscribeAgeStates(ctx),
    onFriendChanged(ctx),
    onUserRenamed(ctx),
    respondFriendRoomsRemove(ctx),
    onUserDeleted(ctx),
    onTopicExpired(ctx),
    onTopicDeleted(ctx),
    respondRoomsSummary(ctx),
    respondRoomsPreview(ctx),
    respondRoomParticipants(ctx),
    respondRoomBetween(ctx),
    respondRoomEvidence(ctx),
    respondSendMessage(ctx),
    respondRoomsSnapshot(ctx),
    onCallEnded(ctx),
    onCallReported(ctx),
    onMessagesModerated(ctx),
    onGiftSent(ctx),
  ];
}
