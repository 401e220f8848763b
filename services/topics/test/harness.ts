import { events, type EventDef, type EventPayload } from '@honne/contracts/events';
import type { RealtimeEvent } from '@honne/contracts/realtime';
import { ManualClock } from '@honne/service-kit';
import {
  eventually,
  publishAndWait,
  recordEvents,
  dropTestSchemas,
  requestAs,
  settleBus,
  testConfig,
  testProfile,
  testInfra,
  testOverrides,
  uniqueName,
  type InfraMode,
  testRunPrefix,
  testUserId,
} from '@honne/service-kit/testing';

import type { TopicsConfig } from '../src/config.ts';
import { createService, purgeExpired } from '../src/server.ts';

export type Harness = Awaited<ReturnType<typeof startHarness>>;

export interface Person {
  userId: string;
  sessionId: string;
}

export { eventually };

/** The topics service on its own schema, with a clock tests move by hand, against the given infrastructure. */
export async function startHarness(mode: InfraMode, extra: Partial<TopicsConfig> = {}) {
  const infra = await testInfra(mode);
  const clock = new ManualClock(new Date());
  const schema = uniqueName('topics');
  const config: TopicsConfig = { ...testConfig('topics', mode), ...extra };
  const service = await createService(config, testOverrides(mode, infra, clock, schema));
  const app = service.app;

  // Everything the service says on the bus, as gateways and other services would receive it.
  const { seen, subscriptions: subs } = await recordEvents(infra.bus, {
    channel: events.channelDelivered,
    user: events.realtimeDelivered,
    created: events.topicCreated,
    deleted: events.topicDeleted,
    expired: events.topicExpired,
  });

  const inject = requestAs(() => app, config.internalToken);
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
        testProfile(userId, n, clock, profile),
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
    settle: () => settleBus(infra.bus),

    channelEvents: (type?: string): RealtimeEvent[] =>
      seen.channel.filter((c) => !type || c.event.type === type).map((c) => c.event),

    async close() {
      for (const s of subs) s.unsubscribe();
      await service.close();
      await dropTestSchemas(config, [schema]);
      await infra.close();
    },
  };
  return h;
}
