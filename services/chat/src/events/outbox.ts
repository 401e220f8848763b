import { events } from '@honne/contracts/events';
import { outboxRelay } from '@honne/service-kit';

import type { AppContext } from '../context.ts';

/**
 * The facts chat's outbox carries (issue 12): a room opened on a voice — topics builds both people's
 * history entries and the voice's reply from it; a block made inside a room — calls ends its live
 * call; (issue 26) the opener's first reply, topics' "replied" flag; and (ADR 0028) a message the
 * filter held or flagged, for the moderation queue. Each is queued with the room's change or the
 * message, relayed right after the commit and by a job every second.
 */
export const chatRelay = (ctx: AppContext) =>
  outboxRelay(ctx, [
    events.chatRoomOpened,
    events.chatRoomBlockChanged,
    events.chatRoomReplied,
    events.roomReported,
    events.chatMessageFiltered,
  ]);
