import type { CallView } from '@honne/contracts/calls';
import { events } from '@honne/contracts/events';
import { createService as createChat } from '@honne/chat';
import { ManualClock, type Subscription } from '@honne/service-kit';
import {
  eventually,
  pointsStandIn,
  publishAndWait,
  publishBlock,
  recordEvents,
  requestAs,
  testConfig,
  testProfile,
  testInfra,
  topicsStandIn,
  uniqueName,
  type InfraMode,
  type TopicReply,
  testRunPrefix,
  testUserId,
} from '@honne/service-kit/testing';

import { sql, type Kysely } from 'kysely';

import type { CallsConfig } from '../src/config.ts';
import { createService, runDueTimers } from '../src/server.ts';
import { callsTestConfig } from './helpers.ts';

export { eventually };
export type { TopicReply };

export interface Person {
  userId: string;
  sessionId: string;
  name: string;
}

/**
 * The calls service and the real chat service (rooms, friends, blocks, call records) on one bus,
 * cache and clock, against the given infrastructure. Topics is stood in for by a responder of
 * topics.topic.get; accounts by the events it publishes. Timers run when a test says so.
 */
export async function startHarness(mode: InfraMode, settings: Partial<CallsConfig> = {}) {
  const infra = await testInfra(mode);
  const clock = new ManualClock(new Date());
  const chatSchema = uniqueName('chat');
  const callsSchema = uniqueName('calls');
  const chatConfig = testConfig('chat', mode);
  const callsConfig = callsTestConfig(mode, settings);
  const common = { bus: infra.bus, cache: infra.cache, clock, inMemoryDb: !mode.databaseUrl };
  const chat = await createChat(chatConfig, { ...common, schema: chatSchema });
  const calls = await createService(callsConfig, { ...common, schema: callsSchema, timers: false });

  // Topics and points are stood in for (the kit's stand-ins): voices the tests make, wallets and charges.
  const topics = topicsStandIn(infra.bus, clock);
  const points = pointsStandIn(infra.bus);
  const { wallet, monthLeft, frozen, charges } = points;
  const recorded = await recordEvents(infra.bus, { delivered: events.realtimeDelivered });
  const delivered = recorded.seen.delivered;
  const subs: Subscription[] = [topics.subscription, points.subscription, ...recorded.subscriptions];

  let n = 0;
  const run = testRunPrefix();

  const h = {
    clock,
    infra,
    chat,
    calls,
    topics,
    delivered,
    wallet,
    monthLeft,
    frozen,
    charges,
    /** A request to the calls service as `who`. */
    calls$: requestAs(() => calls.app, callsConfig.internalToken),
    /** A request to the chat service as `who`. */
    chat$: requestAs(() => chat.app, chatConfig.internalToken),

    async user(name?: string, accountOf?: Person): Promise<Person> {
      n += 1;
      const userId = testUserId(run, n);
      const userName = name ?? `ユーザー${n}`;
      const payload = testProfile(userId, n, clock, { email_id: accountOf?.userId ?? userId, user_name: userName });
      await publishAndWait(infra.bus, events.userProfileUpdated, payload, async () => {
        const inChat = await chat.ctx.db
          .selectFrom('user_cards')
          .select('user_id')
          .where('user_id', '=', userId)
          .executeTakeFirst();
        const inCalls = await calls.ctx.db
          .selectFrom('call_accounts')
          .select('user_id')
          .where('user_id', '=', userId)
          .executeTakeFirst();
        return inChat && inCalls;
      });
      return { userId, sessionId: `s-${userId}`, name: userName };
    },

    async befriend(a: Person, b: Person, friend = true): Promise<void> {
      const at = new Date(clock.now().getTime() + ++n).toISOString();
      await publishAndWait(
        infra.bus,
        events.friendChanged,
        { user_id: a.userId, friend_id: b.userId, friend, at },
        async () =>
          chat.ctx.db
            .selectFrom('friends')
            .select('friend')
            .where('user_id', '=', b.userId)
            .where('friend_id', '=', a.userId)
            .where('friend', '=', friend)
            .executeTakeFirst(),
      );
    },

    /** `blocker` blocks `blocked`; waits until chat holds it (calls ends live calls on the same event). */
    async block(blocker: Person, blocked: Person): Promise<void> {
      const at = new Date(clock.now().getTime() + ++n);
      await publishBlock(infra.bus, chat.ctx.db, { blocker: blocker.userId, blocked: blocked.userId, on: true, at });
    },

    /** A live voice topics knows of. */
    voice: (owner: Person, extra: Partial<TopicReply> = {}) =>
      topics.voice(owner.userId, { title: '今夜だれか話そう', ...extra }),

    /** Opens a room through chat's POST /rooms and answers its id. */
    async room(who: Person, body: object): Promise<string> {
      const res = await h.chat$('POST', '/rooms', who, body);
      if (res.statusCode !== 200) throw new Error(`POST /rooms ${res.statusCode}: ${res.body}`);
      return res.json().data.id as string;
    },

    /** Every call.state / call.signal event a user received so far. */
    eventsOf(p: Person, type?: string) {
      return delivered.filter((d) => d.user_id === p.userId && (!type || d.event.type === type)).map((d) => d.event);
    },
    /** Waits for the user's latest call.state to read `state`. */
    async stateOf(p: Person, state: CallView['state']): Promise<CallView> {
      return eventually(() => {
        const last = h.eventsOf(p, 'call.state').at(-1);
        if (!last || (last.data as CallView).state !== state) throw new Error(`${p.name}: no ${state} yet`);
        return last.data as CallView;
      });
    },

    async runTimers(): Promise<number> {
      return runDueTimers(calls.ctx);
    },

    async close(): Promise<void> {
      for (const s of subs) s.unsubscribe();
      // Leave a shared PostgreSQL as the suite found it.
      if (mode.databaseUrl) {
        for (const [db, schema] of [
          [calls.ctx.db, callsSchema],
          [chat.ctx.db, chatSchema],
        ] as const) {
          await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db as Kysely<unknown>);
        }
      }
      await calls.close();
      await chat.close();
      await infra.close();
    },
  };
  return h;
}
