import {
  requests,
  type EventPayload,
  type events,
  type ReplyPayload,
  type RequestPayload,
} from '@honne/contracts/events';

import type { Bus, Subscription } from './bus.ts';
import type { Clock } from './clock.ts';

export type TopicReply = ReplyPayload<typeof requests.topicsTopicGet>;
export type TransferAsked = RequestPayload<typeof requests.pointsTransfer>;
export type UserCard = EventPayload<typeof events.userProfileUpdated>;

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
  /** Payers whose points a moderator froze (ADR 0030): points answers `frozen`. */
  const frozen = new Set<string>();
  const charges = new Map<string, TransferAsked>();
  const subscription: Subscription = bus.respond(requests.pointsTransfer, async (r) => {
    const balance = () => wallet.get(r.from) ?? 1_000_000;
    if (charges.has(r.key)) return { status: 'done' as const, replayed: true, balance: balance() };
    if (frozen.has(r.from)) return { status: 'frozen' as const, replayed: false, balance: balance() };
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
  return { subscription, wallet, monthLeft, frozen, charges };
}

/** A user's card as accounts' snapshot gives it (an adult unless `extra` says otherwise). */
export function userCard(userId: string, at: Date, extra: Partial<UserCard> = {}): UserCard {
  return {
    user_id: userId,
    email_id: userId,
    user_name: userId.slice(0, 8),
    profile_image: null,
    gender: '1',
    age_id: 3,
    area_id: 1,
    max_point_for_chatting: 0,
    max_point_for_a_call: 0,
    updated_at: at.toISOString(),
    ...extra,
  };
}

/**
 * Accounts, stood in for in a rebuild's tests: the users it has (`users`, their cards), blocks and
 * friendships, answered page by page as its snapshot requests are, and which of a list of users it
 * has (`accounts.snapshot.existing`; each list asked is kept in `asked`). `beforeCardsPage` runs as
 * a cards page is asked (a registration meanwhile); with `down` set, the existence request fails as
 * an accounts that went away would.
 */
export function accountsStandIn(bus: Bus, hooks: { beforeCardsPage?: (after: string | null) => Promise<void> } = {}) {
  const users = new Map<string, UserCard>();
  const blocks: EventPayload<typeof events.blockChanged>[] = [];
  const friends: EventPayload<typeof events.friendChanged>[] = [];
  const asked: string[][] = [];
  const state = { down: false };
  // Pages by position: a stand-in's cursor means nothing to the asker but "after this".
  const page = <T>(all: T[], after: string | null, limit: number) => {
    const start = after === null ? 0 : Number(after);
    const items = all.slice(start, start + limit);
    return { items, next: start + limit < all.length ? String(start + limit) : null };
  };
  const subscriptions: Subscription[] = [
    bus.respond(requests.accountsCardsPage, async ({ after, limit }) => {
      await hooks.beforeCardsPage?.(after);
      return page(
        [...users.values()].sort((a, b) => (a.user_id < b.user_id ? -1 : 1)),
        after,
        limit,
      );
    }),
    bus.respond(requests.accountsBlocksPage, async ({ after, limit }) => page(blocks, after, limit)),
    bus.respond(requests.accountsFriendsPage, async ({ after, limit }) => page(friends, after, limit)),
    bus.respond(requests.accountsUsersExisting, async ({ user_ids }) => {
      asked.push(user_ids);
      if (state.down) throw new Error('accounts is going away');
      return { existing: user_ids.filter((id) => users.has(id)) };
    }),
  ];
  return {
    users,
    blocks,
    friends,
    asked,
    state,
    close: () => subscriptions.forEach((s) => s.unsubscribe()),
  };
}

/** A new user of the service under test (`h.user()`) whom the accounts stand-in has too, carded as of now. */
export async function userAccountsHas<P extends { userId: string }>(
  h: { user(): Promise<P>; clock: Clock },
  accounts: Pick<ReturnType<typeof accountsStandIn>, 'users'>,
): Promise<P> {
  const person = await h.user();
  accounts.users.set(person.userId, userCard(person.userId, h.clock.now()));
  return person;
}
