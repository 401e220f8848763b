import { events } from '@honne/contracts/events';
import { topicChannels, type Topic } from '@honne/contracts/topics';
import { realtimeEvents } from '@honne/contracts/realtime-events';
import { blockedWith, publishToChannel, publishToUser } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { unlockersOf } from '../db/repos/reference.ts';
import { listLiveOf, moderatedAway, type Removed, type RemovedWhy } from '../db/repos/topics.ts';
import type { TopicWithPoster } from '../db/schema/index.ts';
import { topicView } from '../domain/views.ts';
import { topicsRelay } from './outbox.ts';

type Where = { thread_id: string; category_id: number; sub_category_id: number };

/** Live lists subscribe by theme, sub-category, category or everything. */
const channelsOf = (t: Where) => [
  topicChannels.thread(t.thread_id),
  topicChannels.subCategory(t.sub_category_id),
  topicChannels.category(t.category_id),
  topicChannels.all,
];

/**
 * Who may get a voice's live events: the REST read's checks, made once at publishing. Nobody a
 * block stands between with the poster; for a gated sub-category, only those who unlocked it.
 */
async function audienceOf(ctx: AppContext, posterId: string, subCategoryId: number, anonymous: boolean) {
  // An anonymous voice reaches those the poster blocks as everyone else (ADR 0020): leaving them out
  // would show them the poster's anonymous voices vanishing with the named ones.
  const except = anonymous ? [] : await blockedWith(ctx.db, posterId);
  if (!ctx.reference.gated.includes(subCategoryId)) return { except };
  return { except, only: [posterId, ...(await unlockersOf(ctx.db, subCategoryId))] };
}

/** A new voice for live lists, as everyone may see it (the view was made with no viewer: anonymity applied). */
export async function announceCreated(ctx: AppContext, publicView: Topic, userId: string): Promise<void> {
  await ctx.bus.publish(events.topicCreated, {
    topic_id: publicView.id,
    thread_id: publicView.thread_id,
    user_id: userId,
    is_anonymous: publicView.is_anonymous,
    expire_at: publicView.expire_at.iso,
  });
  const audience = await audienceOf(ctx, userId, publicView.sub_category_id, publicView.is_anonymous);
  for (const channel of channelsOf(publicView))
    await publishToChannel(ctx, channel, realtimeEvents.topicCreated, publicView, audience);
}

/** Each owner of a removed history entry hears it ('13'), so their list drops the row. */
export async function announceHistoryRemoved(ctx: AppContext, history: Removed['history']): Promise<void> {
  for (const h of history) {
    await publishToUser(ctx, h.user_id, realtimeEvents.historyDeleted, {
      history_id: h.id,
      topic_id: h.topic_id,
      room_id: h.room_id,
    });
  }
}

/**
 * Tells everyone concerned that voices are gone: owners of removed history entries ('13'), the
 * bus (chat deletes rooms and messages), and watchers of live lists.
 */
export async function announceRemoved(ctx: AppContext, removed: Removed, why: RemovedWhy): Promise<void> {
  await announceHistoryRemoved(ctx, removed.history);
  // The durable events were queued with the deletion (deleteTopics): relay them now.
  if (removed.topics.length > 0) await topicsRelay(ctx).now();
  for (const t of removed.topics) {
    const type = why === 'expired' ? realtimeEvents.topicExpired : realtimeEvents.topicDeleted;
    const audience = await audienceOf(ctx, t.user_id, t.sub_category_id, t.is_anonymous);
    for (const channel of channelsOf(t))
      await publishToChannel(ctx, channel, type, { topic_id: t.id, thread_id: t.thread_id }, audience);
  }
}

/**
 * Moderation changed what others see of these voices (issue 27): each is announced as it now stands
 * for anyone but its poster — `topic.hidden` (open lists and details drop it) or `topic.shown` with
 * the public view (a list puts it back in its place). The state is read after the change, not taken
 * from the event, so a late or repeated event announces the truth again rather than undoing it. The
 * poster hears neither: they keep seeing the voice, with its notice.
 */
export async function announceModerated(ctx: AppContext, rows: TopicWithPoster[]): Promise<void> {
  const now = ctx.clock.now();
  for (const row of rows) {
    const hidden = await moderatedAway(ctx.db, row, undefined, now);
    const { except, only } = await audienceOf(ctx, row.user_id, row.sub_category_id, row.is_anonymous);
    const audience = { except: [...except, row.user_id], ...(only ? { only } : {}) };
    for (const channel of channelsOf(row)) {
      if (hidden)
        await publishToChannel(
          ctx,
          channel,
          realtimeEvents.topicHidden,
          { topic_id: row.id, thread_id: row.thread_id },
          audience,
        );
      else await publishToChannel(ctx, channel, realtimeEvents.topicShown, topicView(row, null), audience);
    }
  }
}

/** `announceModerated` for every live voice of these characters (a restriction began or ended); how many. */
export async function announceVoicesOf(ctx: AppContext, userIds: string[]): Promise<number> {
  const voices = await listLiveOf(ctx.db, userIds, ctx.clock.now());
  await announceModerated(ctx, voices);
  return voices.length;
}
