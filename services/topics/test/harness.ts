import { events, type EventDef, type EventPayload } from '@honne/contracts/events';
import type { RealtimeEvent } from '@honne/contracts/realtime';
import { dropSchema, IDENTITY_HEADERS, ManualClock, openDatabase } from '@honne/service-kit';
import {
  eventually,
  publishAndWait,
  testConfig,
  testInfra,
  uniqueName,
  type InfraMode,
  testRunPrefix,
  testUserId,
} from '@honne/service-kit/testing';

import { createService, purgeExpired } from '../src/server.ts';

export type Harness = Awaited<ReturnType<typeof startHarness>>;

export interface Person {
  userId: string;
  sessionId: string;
}

export { eventually };

/** The topics service on its own schema, with a clock tests move by hand, against the given infrastructure. */
export async function startHarness(mode: InfraMode) {
  const infra = await testInfra(mode);
  const clock = new ManualClock(new Date());
  const schema = uniqueName('topics');
  const config = testConfig('topics', mode);
  const service = await createService(config, {
    bus: infra.bus,
    cache: infra.cache,
    clock,
    inMemoryDb: !mode.databaseUrl,
    schema,
  });
  const app = service.app;

  // Everything the service says on the bus, as gateways and other services would receive it.
  const seen = {
    channel: [] as EventPayload<typeof events.channelDelivered>[],
    user: [] as EventPayload<typeof events.realtimeDelivered>[],
    created: [] as EventPayload<typeof events.topicCreated>[],
    deleted: [] as EventPayload<typeof events.topicDeleted>[],
    expired: [] as EventPayload<typeof events.topicExpired>[],
  };
  const subs = [
    infra.bus.subscribe(events.channelDelivered, (e) => void seen.channel.push(e)),
    infra.bus.subscribe(events.realtimeDelivered, (e) => void seen.user.push(e)),
    infra.bus.subscribe(events.topicCreated, (e) => void seen.created.push(e)),
    infra.bus.subscribe(events.topicDeleted, (e) => void seen.deleted.push(e)),
    infra.bus.subscribe(events.topicExpired, (e) => void seen.expired.push(e)),
  ];
  if (infra.bus.kind === 'nats') await infra.bus.flush();

  const headers = (p: Person) => ({
    [IDENTITY_HEADERS.userId]: p.userId,
    [IDENTITY_HEADERS.sessionId]: p.sessionId,
    [IDENTITY_HEADERS.internalToken]: config.internalToken,
  });
  const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, who: Person | undefined, payload?: object) =>
    app.inject({ method, url, headers: who ? headers(who) : {}, ...(payload ? { payload } : {}) });
  let n = 0;
  const run = testRunPrefix();

  const h = {
    app,
    ctx: service.ctx,
    clock,
    infra,
    seen,
    get: (url: string, who?: Person) => inject('GET', url, who),
    post: (url: string, payload: object, who?: Person) => inject('POST', url, who, payload),
    put: (url: string, payload: object, who?: Person) => inject('PUT', url, who, payload),
    patch: (url: string, payload: object, who?: Person) => inject('PATCH', url, who, payload),

    /** Publishes a bus event as its owner would, then waits until `handled` says so. */
    publish: <E extends EventDef>(def: E, payload: EventPayload<E>, handled: () => Promise<unknown>) =>
      publishAndWait(infra.bus, def, payload, handled),

    /** A user whose card reached topics' read model through accounts' profile event. */
    async user(profile: Partial<EventPayload<typeof events.userProfileUpdated>> = {}): Promise<Person> {
      n += 1;
      const userId = profile.user_id ?? testUserId(run, n);
      const updatedAt = new Date(clock.now().getTime() + n).toISOString();
      await h.publish(
        events.userProfileUpdated,
        {
          user_id: userId,
          email_id: userId,
          user_name: `ユーザー${n}`,
          profile_image: `/api/v1/users/avatars/female/${n}.svg`,
          gender: '2',
          age_id: 3,
          area_id: 14,
          max_point_for_chatting: 100,
          max_point_for_a_call: 200,
          updated_at: updatedAt,
          ...profile,
        },
        async () =>
          (
            await service.ctx.db
              .selectFrom('user_cards')
              .select('updated_at')
              .where('user_id', '=', userId)
              .executeTakeFirst()
          )?.updated_at.getTime() === new Date(profile.updated_at ?? updatedAt).getTime(),
      );
      return { userId, sessionId: `s-${userId}` };
    },

    async setOnline(who: Person, online: boolean): Promise<void> {
      const at = clock.now().toISOString();
      await h.publish(
        events.presenceChanged,
        { user_id: who.userId, online, at },
        async () =>
          (
            await service.ctx.db
              .selectFrom('user_presence')
              .select('online')
              .where('user_id', '=', who.userId)
              .executeTakeFirst()
          )?.online === online,
      );
    },

    /** The theme of a sub-category and area, through the theme-search step. */
    async theme(who: Person, sub = { category_id: 2, sub_category_id: 6 }, area_id = 14): Promise<string> {
      const res = await h.post('/threads/join', { area_id, ...sub }, who);
      if (res.statusCode !== 200) throw new Error(`join failed: ${res.body}`);
      return res.json().data.id as string;
    },

    async postVoice(who: Person, threadId: string, body: object = {}) {
      const thread = (await h.get(`/threads/${threadId}`, who)).json().data as { sub_category_id: number };
      return h.post(
        `/topics/${threadId}`,
        { title: '今日の本音', comment: 'だれか話そう', sub_category_id: thread.sub_category_id, ...body },
        who,
      );
    },

    /** Opens a room on a voice as chat would announce it. */
    async openRoom(opener: Person, topicId: string, roomId: string, isAnonymous = false): Promise<void> {
      await h.publish(
        events.chatRoomOpened,
        { room_id: roomId, topic_id: topicId, user_id: opener.userId, is_anonymous: isAnonymous },
        async () =>
          (await service.ctx.db.selectFrom('replies').select('id').where('room_id', '=', roomId).executeTakeFirst()) !==
          undefined,
      );
    },

    purge: () => purgeExpired(service.ctx),

    /** Channel and user events so far, settled. */
    async settle(): Promise<void> {
      await infra.bus.flush();
      await new Promise((r) => setTimeout(r, infra.bus.kind === 'nats' ? 100 : 5));
      await infra.bus.flush();
    },

    channelEvents: (type?: string): RealtimeEvent[] =>
      seen.channel.filter((c) => !type || c.event.type === type).map((c) => c.event),

    async close() {
      for (const s of subs) s.unsubscribe();
      await service.close();
      if (mode.databaseUrl) {
        const db = await openDatabase({ databaseUrl: mode.databaseUrl, dataDir: config.dataDir, schema });
        await dropSchema(db);
        await db.close();
      }
      await infra.close();
    },
  };
  return h;
}
