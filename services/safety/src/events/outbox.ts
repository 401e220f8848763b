import { events } from '@honne/contracts/events';
import { outboxRelay } from '@honne/service-kit';

import type { AppContext } from '../context.ts';

/**
 * What safety's outbox carries: a restriction on a person and a voice hidden or shown again,
 * queued in the transaction of the moderation event, and the in-call report's block-and-hang-up
 * (safety.call.reported); relayed after the commit and every second.
 */
export const safetyRelay = (ctx: AppContext) =>
  outboxRelay(ctx, [
    events.personRestricted,
    events.voiceModerated,
    events.heldMessageDecided,
    events.heldVoiceDecided,
    events.callReported,
    events.messagesModerated,
    events.personAgeState,
    events.agePolicyChanged,
  ]);
