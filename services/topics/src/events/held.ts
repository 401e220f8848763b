import { events } from '@honne/contracts/events';
import { serviceQueue, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { decideHeldVoice, findLive } from '../db/repos/topics.ts';
import { topicView } from '../domain/views.ts';
import { announceCreated, announceRemoved } from './publish.ts';

/**
 * A moderator's decision on a voice the filter held (ADR 0037): released, everyone's lists show it
 * from here on and the theme's watchers hear of it as a new voice; discarded, it is deleted like a
 * replaced one (chat removes its rooms, the poster's list drops it).
 */
export const onHeldVoiceDecided = (ctx: AppContext): Subscription =>
  ctx.bus.subscribe(
    events.heldVoiceDecided,
    async (e) => {
      const at = new Date(e.at);
      const removed = await decideHeldVoice(ctx.db, e.topic_id, e.release, at);
      if (removed) {
        await announceRemoved(ctx, removed, 'discarded');
        return;
      }
      const row = await findLive(ctx.db, e.topic_id, ctx.clock.now());
      if (row) await announceCreated(ctx, topicView(row, null), row.user_id);
    },
    serviceQueue(ctx),
  );
