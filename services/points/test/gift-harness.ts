import { MESSAGE_TYPES } from '@honne/contracts/chat';
import { events } from '@honne/contracts/events';
import { createService as createChat } from '@honne/chat';
import { ManualClock, type Subscription } from '@honne/service-kit';
import {
  harnessForSuite,
  publishAndWait,
  publishBlock,
  recordEvents,
  requestAs,
  testConfig,
  testInfra,
  testProfile,
  topicsStandIn,
  uniqueName,
  type InfraMode,
  testRunPrefix,
  testUserId,
} from '@honne/service-kit/testing';

import { createService } from '../src/server.ts';
import { operatorGrant, pointsConfig } from './support.ts';

export interface Person {
  userId: string;
  name: string;
}

/**
 * Points and the real chat service (rooms, blocks, the gift stamp) on one bus and cache, against
 * the given infrastructure. Topics is stood in for by a responder of topics.topic.get; accounts by
 * the events it publishes.
 */
export async function startGiftHarness(mode: InfraMode) {
  const infra = await testInfra(mode);
  const clock = new ManualClock(new Date());
  const common = { bus: infra.bus, cache: infra.cache, clock, inMemoryDb: !mode.databaseUrl };
  const chatConfig = testConfig('chat', mode);
  const config = pointsConfig(mode);
  const chatSchema = uniqueName('chat');
  // On NATS chat has a connection of its own, so stopping it drops that connection as a crash would.
  const startChat = () =>
    createChat(chatConfig, {
      cache: infra.cache,
      clock,
      inMemoryDb: !mode.databaseUrl,
      ...(infra.bus.kind === 'nats' ? {} : { bus: infra.bus }),
      schema: chatSchema,
    });
  let chat = await startChat();
  let chatDown = false;
  const points = await createService(config, { ...common, schema: uniqueName('points') });

  const topics = topicsStandIn(infra.bus, clock);
  const recorded = await recordEvents(infra.bus, { delivered: events.realtimeDelivered });
  const delivered = recorded.seen.delivered;
  const subs: Subscription[] = [topics.subscription, ...recorded.subscriptions];

  let n = 0;
  const run = testRunPrefix();

  const h = {
    clock,
    infra,
    /** The chat service as it runs now (a new instance after `restartChat`). */
    get chat() {
      return chat;
    },
    points,
    /** Stops chat: its HTTP, its NATS connection (on real infrastructure) and its consumers go away with it. */
    async stopChat(): Promise<void> {
      await chat.close();
      chatDown = true;
    },
    /** Starts chat again on the same database (real infrastructure: the data outlives the process). */
    async restartChat(): Promise<void> {
      chat = await startChat();
      chatDown = false;
    },
    delivered,
    points$: requestAs(() => points.app, config.internalToken),
    chat$: requestAs(() => chat.app, chatConfig.internalToken),

    /** An operator's grant, as the console asks points for it (ADR 0034). */
    async grant(person: Person, amount: number, key: string): Promise<void> {
      const res = await operatorGrant(infra.bus, {
        user_id: person.userId,
        amount,
        reason: 'テスト',
        idempotency_key: key,
      });
      if (!res.ok) throw new Error(`grant ${res.status}: ${res.message}`);
    },

    /** A user with a profile (30代 unless `ageId` says otherwise) and, when asked, granted points. */
    async user(name = `ユーザー${n + 1}`, coins = 0, ageId = 3): Promise<Person> {
      n += 1;
      const userId = testUserId(run, n);
      await publishAndWait(
        infra.bus,
        events.userProfileUpdated,
        testProfile(userId, n, clock, { user_name: name, profile_image: null, age_id: ageId }),
        async () =>
          (await chat.ctx.db
            .selectFrom('user_cards')
            .select('user_id')
            .where('user_id', '=', userId)
            .executeTakeFirst()) &&
          points.ctx.db.selectFrom('spender_ages').select('user_id').where('user_id', '=', userId).executeTakeFirst(),
      );
      if (coins > 0) await h.grant({ userId, name }, coins, `seed-${userId}`);
      return { userId, name };
    },

    async block(blocker: Person, blocked: Person): Promise<void> {
      const pair = { blocker: blocker.userId, blocked: blocked.userId, on: true, at: clock.now() };
      await publishBlock(infra.bus, chat.ctx.db, pair);
    },

    /** A live voice by `owner` and a room on it opened by `replier` (anonymously when asked). */
    async room(owner: Person, replier: Person, isAnonymous = false): Promise<string> {
      const res = await h.openRoom(replier, h.voice(owner), { is_anonymous: isAnonymous });
      if (res.statusCode !== 200) throw new Error(`POST /rooms ${res.statusCode}: ${res.body}`);
      return res.json().data.id as string;
    },

    /** A live voice by `owner` (free unless `chatPrice`); answers its id. */
    voice: (owner: Person, chatPrice = 0) =>
      topics.voice(owner.userId, { title: 'ありがとうを伝えたい', is_callable: false, chat_price: chatPrice }),

    /** POST /rooms on a voice as `replier`. */
    openRoom: (replier: Person, topicId: string, extra: object = {}) =>
      h.chat$('POST', '/rooms', replier, { topic_id: topicId, room_type_id: 2, is_anonymous: false, ...extra }),

    gift: (from: Person, body: object) => h.points$('PUT', '/users/send_coin', from, body),

    /** The gift stamps in a room as `who` reads it. */
    async giftStamps(who: Person, roomId: string) {
      const res = await h.chat$('GET', `/rooms/${roomId}/messages`, who);
      if (res.statusCode !== 200) throw new Error(`GET /rooms/${roomId}/messages ${res.statusCode}: ${res.body}`);
      return (res.json().data as { message_type_id: number; stamp_id: number | null; is_mine: boolean }[]).filter(
        (m) => m.message_type_id === MESSAGE_TYPES.stamp && (m.stamp_id ?? 0) > 1000,
      );
    },

    async balance(p: Person): Promise<number> {
      return (await h.points$('GET', '/points/balance', p)).json().data.balance as number;
    },

    /** The balances a user's sockets were told, in order. */
    balanceEvents: (p: Person) =>
      delivered
        .filter((d) => d.user_id === p.userId && d.event.type === 'points.balance_changed')
        .map((d) => (d.event.data as { balance: number }).balance),

    async close() {
      for (const s of subs) s.unsubscribe();
      await points.close();
      if (!chatDown) await chat.close();
      await infra.close();
    },
  };
  return h;
}

export type GiftHarness = Awaited<ReturnType<typeof startGiftHarness>>;

/** The gift harness of one suite: started before its tests, closed after them; read as `.h`. */
export const giftHarnessForSuite = (mode: InfraMode): { readonly h: GiftHarness } =>
  harnessForSuite(() => startGiftHarness(mode));
