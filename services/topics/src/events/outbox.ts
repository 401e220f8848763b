import { events } from '@honne/contracts/events';
import { outboxRelay } from '@honne/service-kit';

import type { AppContext } from '../context.ts';

/**
 * The facts topics' outbox carries (issue 12): a voice deleted, replaced or expired — chat removes
 * its rooms from them; a voice reported, a voice held or flagged and a theme name flagged by the
 * filter (ADR 0037), which the moderation service files. Queued with the deletion (`deleteTopics`), relayed right after the commit
 * and by a job every second.
 */
export const topicsRelay = (ctx: AppContext) =>
  outboxRelay(ctx, [
    events.topicDeleted,
    events.topicExpired,
    events.voiceReported,
    events.voiceFiltered,
    events.themeTextFlagged,
  ]);
