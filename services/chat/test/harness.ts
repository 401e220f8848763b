import { events, requests, type EventDef, type EventPayload } from '@honne/contracts/events';
import type { RealtimeEvent } from '@honne/contracts/realtime';
import type { Message } from '@honne/contracts/chat';
import { EmbeddedPostgres, ManualClock, type FloodLimits, type Subscription } from '@honne/service-kit';
import {
  eventually,
  pointsStandIn,
  publishAndWait,
  recordEvents,
  publishBlock,
  dropTestSchemas,
  requestAs,
  settleBus,
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
import sharp from 'sharp';

import { createService, purgeExpired } from '../src/server.ts';

export type Harness = Awaited<ReturnType<typeof startHarness>>;

export interface Person {
  userId: string;
  sessionId: string;
  name: string;
}

export { eventually };

export type { TopicReply };

/** A PNG or JPEG made here, so image checks run on real content. */
export const makeImage = (width: number, height: number, format: 'png' | 'jpeg' = 'png') => {
  const img = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });
  return (format === 'png' ? img.png() : img.jpeg()).toBuffer();
};

/**
 * The chat service on its own schema, with a clock tests move by hand, against the given
 * infrastructure. Topics is stood in for by a responder of topics.topic.get over the same bus.
 */
export async function startHarness(mode: InfraMode, opts: { instances?: number; flood?: FloodLimits } = {}) {
  const infra = await testInfra(mode);
  const clock = new ManualClock(new Date());
  const schema = uniqueName('chat');
  // Flood limits only where a suite asks (the others send hundreds of messages on purpose).
  const config = { ...testConfig('chat', mode), flood: opts.flood };
  // More than one instance share one database: the suite's schema, or one in-memory PGlite embedded.
  const shared = (opts.instances ?? 1) > 1 && !mode.databaseUrl ? await EmbeddedPostgres.open() : undefined;
  const start = () =>
    createService(config, {
      bus: infra.bus,
      cache: infra.cache,
      clock,
      inMemoryDb: !mode.databaseUrl && !shared,
      schema,
      ...(shared ? { embeddedDb: shared } : {}),
    });
  let service = await start();
  const others = await Promise.all(Array.from({ length: (opts.instances ?? 1) - 1 }, () => start()));

  // Topics and points are stood in for (the kit's stand-ins): voices the tests make, wallets and charges.
  const topics = topicsStandIn(infra.bus, clock);
  const points = pointsStandIn(infra.bus);
  const { wallet, charges } = points;
  const recorded = await recordEvents(infra.bus, {
    user: events.realtimeDelivered,
    opened: events.chatRoomOpened,
    replied: events.chatRoomReplied,
  });
  const seen = recorded.seen;
  const subs: Subscription[] = [topics.subscription, points.subscription, ...recorded.subscriptions];

  const inject = requestAs(() => service.app, config.internalToken);
  let n = 0;
  const run = testRunPrefix();

  const h = {
    get app() {
      return service.app;
    },
    get ctx() {
      return service.ctx;
    },
    /** The other instances (`instances` > 1) on the same database and bus. */
    others,
    /** A request to one of the other instances, as a load balancer would send it there. */
    via: (i: number) => requestAs(() => others[i]!.app, config.internalToken),
    clock,
    infra,
    seen,
    topics,
    config,
    wallet,
    charges,
    get: (url: string, who?: Person) => inject('GET', url, who),
    post: (url: string, payload: object, who?: Person) => inject('POST', url, who, payload),
    put: (url: string, payload: object, who?: Person) => inject('PUT', url, who, payload),
    del: (url: string, who?: Person) => inject('DELETE', url, who),

    /** Publishes a bus event as its owner would, then waits until `handled` says so. */
    publish: <E extends EventDef>(def: E, payload: EventPayload<E>, handled: () => Promise<unknown>) =>
      publishAndWait(infra.bus, def, payload, handled),

    /** A user whose card reached chat's read model through accounts' profile event. */
    async user(profile: Partial<EventPayload<typeof events.userProfileUpdated>> = {}): Promise<Person> {
      n += 1;
      const userId = profile.user_id ?? testUserId(run, n);
      const name = profile.user_name ?? `ユーザー${n}`;
      await h.publish(
        events.userProfileUpdated,
        testProfile(userId, n, clock, profile),
        async () =>
          (await service.ctx.db
            .selectFrom('user_cards')
            .select('user_id')
            .where('user_id', '=', userId)
            .executeTakeFirst()) !== undefined,
      );
      return { userId, sessionId: `s-${userId}`, name };
    },

    async befriend(a: Person, b: Person, friend = true): Promise<void> {
      const at = new Date(clock.now().getTime() + ++n).toISOString();
      await h.publish(
        events.friendChanged,
        { user_id: a.userId, friend_id: b.userId, friend, at },
        async () =>
          (
            await service.ctx.db
              .selectFrom('friends')
              .select('friend')
              .where('user_id', '=', b.userId)
              .where('friend_id', '=', a.userId)
              .executeTakeFirst()
          )?.friend === friend,
      );
    },

    async block(blocker: Person, blocked: Person, on = true): Promise<void> {
      const at = new Date(clock.now().getTime() + ++n);
      await publishBlock(infra.bus, service.ctx.db, { blocker: blocker.userId, blocked: blocked.userId, on, at });
    },

    async retention(who: Person, minutes: number): Promise<void> {
      const at = new Date(clock.now().getTime() + ++n).toISOString();
      await h.publish(
        events.userSettingsUpdated,
        { user_id: who.userId, saved_message_time: minutes, at },
        async () =>
          (
            await service.ctx.db
              .selectFrom('user_settings')
              .select('saved_message_time')
              .where('user_id', '=', who.userId)
              .executeTakeFirst()
          )?.saved_message_time === minutes,
      );
    },

    /** A live voice topics knows of. */
    voice: (owner: Person, extra: Partial<TopicReply> = {}) => topics.voice(owner.userId, extra),

    /** Topics will answer "not found" to this viewer for this voice (as for a locked gate). */
    hideVoice: (topicId: string, viewer: Person) => topics.hide(topicId, viewer.userId),

    /** Opens a room on a voice as the replier; fails loudly. */
    async topicRoom(replier: Person, topicId: string, body: object = {}): Promise<string> {
      const res = await h.post('/rooms', { topic_id: topicId, room_type_id: 2, is_anonymous: false, ...body }, replier);
      if (res.statusCode !== 200) throw new Error(`room failed: ${res.body}`);
      return res.json().data.id as string;
    },

    async send(who: Person, roomId: string, body: object = {}) {
      return h.post('/messages', { room_id: roomId, message_type_id: 1, data: 'こんにちは', ...body }, who);
    },

    /** The same send as a socket command, as the gateway forwards it; answered in the shape of `send`'s. */
    async sendCommand(who: Person, roomId: string, body: object = {}) {
      const r = await infra.bus.request(requests.chatMessageSend, {
        user_id: who.userId,
        session_id: who.sessionId,
        body: { room_id: roomId, message_type_id: 1, data: 'こんにちは', ...body },
      });
      return { statusCode: r.status, json: () => r.body as { data: Message; status: number; errors?: object } };
    },

    /** One expiry run (waits for one in progress on another instance). */
    purge: async () => (await purgeExpired(service.ctx))!,

    /** Stops chat as a redeploy or a crash would: its durable consumers stay on the bus. */
    stop: () => service.close(),
    /** Starts chat again on the same schema (real PostgreSQL: PGlite in memory does not outlive it). */
    async restart(): Promise<void> {
      service = await start();
    },

    /** Bus deliveries so far, settled. */
    settle: () => settleBus(infra.bus),

    /** Real-time events delivered to a user (as the gateway would receive them). */
    eventsOf: (who: Person, type?: string): RealtimeEvent[] =>
      seen.user.filter((e) => e.user_id === who.userId && (!type || e.event.type === type)).map((e) => e.event),

    async close() {
      for (const s of subs) s.unsubscribe();
      for (const o of others) await o.close();
      await service.close();
      await shared?.close();
      await dropTestSchemas(config, [schema]);
      await infra.close();
    },
  };
  return h;
}
