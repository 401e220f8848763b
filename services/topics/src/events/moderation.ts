import { events } from '@honne/contracts/events';
import { serviceQueue, subscribeRestrictions, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { findLive, setVoiceModerated } from '../db/repos/topics.ts';
import { announceModerated, announceVoicesOf } from './publish.ts';

/**
 * Moderation (issue 27), enforced in the queries and told to open lists: a voice an operator hid or
 * showed again, announced to its theme's watchers as it now stands.
 */
export const onVoiceModerated = (ctx: AppContext): Subscription =>
  ctx.bus.subscribe(
    events.voiceModerated,
    async (e) => {
      await setVoiceModerated(ctx.db, e.topic_id, e.hidden, new Date(e.at));
      const row = await findLive(ctx.db, e.topic_id, ctx.clock.now());
      if (row) await announceModerated(ctx, [row]);
    },
    serviceQueue(ctx),
  );

/** What takes a person's voices from others, or gives them back (a mute or a freeze changes nothing seen). */
const CHANGES_VISIBILITY = new Set(['suspend', 'ban', 'lift']);

/**
 * Restricted people (no posting while muted, their voices gone while suspended or banned), kept in
 * the kit's table; a suspension, ban or lift is told to the lists showing their live voices.
 */
export const onPersonRestricted = (ctx: AppContext): Subscription =>
  subscribeRestrictions(ctx, async (e) => {
    if (!CHANGES_VISIBILITY.has(e.restriction)) return;
    await announceVoicesOf(ctx, e.user_ids);
  });
