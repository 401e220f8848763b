import { requests, type ReplyPayload, type RequestPayload } from '@honne/contracts/events';

import type { Bus, Subscription } from './bus.ts';
import type { Clock } from './clock.ts';

export type TopicReply = ReplyPayload<typeof requests.topicsTopicGet>;
export type TransferAsked = RequestPayload<typeof requests.pointsTransfer>;

/**
 * Topics, stood in for in another service's tests: answers `topics.topic.get` for the voices the
 * test made, as topics would (gone once expired, not found for a viewer it would hide them from).
 */
export function topicsStandIn(bus: Bus, clock: Clock) {
  const voices = new Map<string, TopicReply>();
  const hiddenFrom = new Map<string, Set<string>>();
  const subscription: Subscription = bus.respond(requests.topicsTopicGet, async ({ topic_id, viewer_id }) => {
    const t = voices.get(topic_id);
    const live = t?.expire_at && new Date(t.expire_at) > clock.now();
    const hidden = viewer_id !== undefined && hiddenFrom.get(topic_id)?.has(viewer_id);
    return t && live && !hidden ? t : gone(topic_id);
  });
  return {
    subscription,
    voices,
    /** A live voice by `ownerId` for an hour, free and callable unless `extra` says otherwise; its id. */
    voice(ownerId: string, extra: Partial<TopicReply> = {}): string {
      const id = crypto.randomUUID();
      voices.set(id, {
        found: true,
        topic_id: id,
        thread_id: crypto.randomUUID(),
        user_id: ownerId,
        title: '今日の本音',
        is_anonymous: false,
        is_callable: true,
        chat_price: 0,
        call_price: 0,
        time_call_price: 1,
        purchase_on_start: false,
        expire_at: new Date(clock.now().getTime() + 60 * 60_000).toISOString(),
        ...extra,
      });
      return id;
    },
    /** Topics will answer "not found" to this viewer for this voice (as for a locked gate). */
    hide(topicId: string, viewerId: string): void {
      hiddenFrom.set(topicId, new Set([...(hiddenFrom.get(topicId) ?? []), viewerId]));
    },
  };
}

function gone(topic_id: string): TopicReply {
  return {
    found: false,
    topic_id,
    thread_id: null,
    user_id: null,
    title: null,
    is_anonymous: false,
    is_callable: false,
    chat_price: 0,
    call_price: 0,
    time_call_price: 0,
    purchase_on_start: false,
    expire_at: null,
  };
}

/**
 * Points, stood in for: a wallet per user (plenty unless a test sets it) and every transfer asked
 * for, once per key, as the ledger keeps them. `monthLeft` is what a user under 18 may still spend
 * this month (no cap unless a test sets it).
 */
export function pointsStandIn(bus: Bus) {
  const wallet = new Map<string, number>();
  const monthLeft = new Map<string, number>();
  const charges = new Map<string, TransferAsked>();
  const subscription: Subscription = bus.respond(requests.pointsTransfer, async (r) => {
    const balance = () => wallet.get(r.from) ?? 1_000_000;
    if (charges.has(r.key)) return { status: 'done' as const, replayed: true, balance: balance() };
    if (balance() < r.amount) return { status: 'insufficient' as const, replayed: false, balance: balance() };
    const left = monthLeft.get(r.from);
    if (left !== undefined && left < r.amount)
      return { status: 'monthly_cap' as const, replayed: false, balance: balance() };
    if (left !== undefined) monthLeft.set(r.from, left - r.amount);
    wallet.set(r.from, balance() - r.amount);
    wallet.set(r.to, (wallet.get(r.to) ?? 0) + r.amount);
    charges.set(r.key, r);
    return { status: 'done' as const, replayed: false, balance: balance() };
  });
  return { subscription, wallet, monthLeft, charges };
}
