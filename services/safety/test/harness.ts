import { randomUUID } from 'node:crypto';

import { events, requests, type EventDef, type EventPayload, type ReplyPayload } from '@honne/contracts/events';
import { ManualClock } from '@honne/service-kit';
import {
  dropTestSchemas,
  eventually,
  identityHeaders,
  publishAndWait,
  testConfig,
  testInfra,
  testOverrides,
  testRunPrefix,
  testUserId,
  uniqueName,
  type InfraMode,
} from '@honne/service-kit/testing';

import type { SafetyConfig } from '../src/config.ts';
import { createService } from '../src/server.ts';
import { totpCode } from '../src/domain/secrets.ts';

export type Harness = Awaited<ReturnType<typeof startHarness>>;
export { eventually };

export const ADMIN = {
  email: 'admin@example.jp',
  password: 'correct horse battery staple',
  totp: 'JBSWY3DPEHPK3PXPJBSWY3DP',
};

/**
 * The safety service on its own schema with a hand-moved clock and a bootstrapped admin. Chat,
 * calls and points answer the evidence requests with what the suite sets in `owners` (their own
 * responders are tested in their suites against their real tables).
 */
export async function startHarness(mode: InfraMode, extra: Partial<SafetyConfig> = {}) {
  const infra = await testInfra(mode);
  const clock = new ManualClock(new Date());
  const schema = uniqueName('safety');
  const config = {
    ...testConfig('safety', mode),
    sessionHours: 8,
    bootstrapAdmin: { email: ADMIN.email, password: ADMIN.password, totpSecret: ADMIN.totp },
    ...extra,
  };
  const service = await createService(config, testOverrides(mode, infra, clock, schema));
  const app = service.app;

  const owners = {
    messages: new Map<string, ReplyPayload<typeof requests.chatRoomEvidence>>(),
    calls: new Map<string, ReplyPayload<typeof requests.callsRoomEvidence>>(),
    points: new Map<string, ReplyPayload<typeof requests.pointsRoomEvidence>>(),
    participants: new Map<string, ReplyPayload<typeof requests.chatRoomParticipants>>(),
  };
  const restricted: EventPayload<typeof events.personRestricted>[] = [];
  const hidden: EventPayload<typeof events.voiceModerated>[] = [];
  const subs = [
    infra.bus.respond(
      requests.chatRoomEvidence,
      async (r) => owners.messages.get(r.room_id) ?? { found: false, anchor_id: null, messages: [] },
    ),
    infra.bus.respond(requests.callsRoomEvidence, async (r) => owners.calls.get(r.room_id) ?? { calls: [] }),
    infra.bus.respond(requests.pointsRoomEvidence, async (r) => owners.points.get(r.room_id) ?? { movements: [] }),
    infra.bus.respond(
      requests.chatRoomParticipants,
      async (r) => owners.participants.get(r.room_id) ?? { found: false, participants: [] },
    ),
    infra.bus.subscribe(events.personRestricted, (e) => void restricted.push(e)),
    infra.bus.subscribe(events.voiceModerated, (e) => void hidden.push(e)),
  ];
  if (infra.bus.kind === 'nats') await infra.bus.flush();

  const run = testRunPrefix();
  let n = 0;

  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    opts: { token?: string; user?: string; body?: object } = {},
  ) =>
    app.inject({
      method,
      url,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.user ? identityHeaders({ userId: opts.user }, config.internalToken) : {}),
      },
      ...(opts.body ? { payload: opts.body } : {}),
    });

  const h = {
    app,
    ctx: service.ctx,
    clock,
    infra,
    owners,
    restricted,
    hidden,
    inject,
    /** Console request with an operator's token or an API key. */
    console: (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string, body?: object) =>
      inject(method, url, { token, ...(body ? { body } : {}) }),
    /** App request as a signed-in user (the gateway's identity headers). */
    asUser: (method: 'GET' | 'POST', url: string, userId: string, body?: object) =>
      inject(method, url, { user: userId, ...(body ? { body } : {}) }),

    publish: <E extends EventDef>(def: E, payload: EventPayload<E>, handled: () => Promise<unknown>) =>
      publishAndWait(infra.bus, def, payload, handled),

    async signIn(who: { email: string; password: string; totp: string }): Promise<string> {
      const res = await inject('POST', '/admin/safety/sessions', {
        body: { email: who.email, password: who.password, totp: totpCode(who.totp, clock.now()) },
      });
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
      return res.json().data.token as string;
    },

    /** A new operator with a role, made by the admin, signed in. */
    async operator(adminToken: string, role: 'admin' | 'moderator' | 'triage') {
      n += 1;
      const who = { email: `op${n}-${run}@example.jp`, password: 'a long operator password' };
      const res = await inject('POST', '/admin/safety/operators', { token: adminToken, body: { ...who, role } });
      if (res.statusCode !== 200) throw new Error(`create operator failed: ${res.body}`);
      const { operator, totp_secret } = res.json().data as { operator: { id: string }; totp_secret: string };
      const token = await h.signIn({ ...who, totp: totp_secret });
      return { id: operator.id, token, ...who, totp: totp_secret };
    },

    /** A character whose card (person, age group) reached safety through accounts' profile event. */
    async user(opts: { personId?: string; ageId?: number } = {}): Promise<{ userId: string; personId: string }> {
      n += 1;
      const userId = testUserId(run, n);
      const personId = opts.personId ?? userId;
      const at = new Date(clock.now().getTime() + n).toISOString();
      await h.publish(
        events.userProfileUpdated,
        {
          user_id: userId,
          email_id: personId,
          user_name: `ユーザー${n}`,
          profile_image: null,
          gender: '2',
          age_id: opts.ageId ?? 3,
          area_id: 14,
          max_point_for_chatting: 100,
          max_point_for_a_call: 200,
          updated_at: at,
        },
        async () =>
          !!(await service.ctx.db
            .selectFrom('people')
            .select('user_id')
            .where('user_id', '=', userId)
            .executeTakeFirst()),
      );
      return { userId, personId };
    },

    /**
     * Chat's room report event as its outbox sends it (`b` reports `a`'s room), handled: the report
     * is queued. Returns the event (for a test that delivers it again) and the report filed.
     */
    async reportRoom(roomId: string, by: { userId: string }, about: { userId: string }, content: string) {
      const event = {
        report_id: randomUUID(),
        room_id: roomId,
        reporter_id: by.userId,
        reported_id: about.userId,
        type: 1,
        content,
        at: clock.now().toISOString(),
      };
      await h.publish(
        events.roomReported,
        event,
        async () => (await h.reportBySource(`room:${event.report_id}`))?.state === 'queued',
      );
      return { event, report: (await h.reportBySource(`room:${event.report_id}`))! };
    },

    /** Accounts' user report event (`by` reports `about`), handled: the report filed and queued. */
    async reportUser(by: { userId: string }, about: { userId: string }, content: string) {
      const reportId = randomUUID();
      await h.publish(
        events.userReported,
        {
          report_id: reportId,
          reporter_id: by.userId,
          reported_id: about.userId,
          content,
          at: clock.now().toISOString(),
        },
        async () => (await h.reportBySource(`user:${reportId}`))?.state === 'queued',
      );
      return (await h.reportBySource(`user:${reportId}`))!;
    },

    reportBySource: (sourceRef: string) =>
      service.ctx.db.selectFrom('reports').selectAll().where('source_ref', '=', sourceRef).executeTakeFirst(),

    async close() {
      for (const s of subs) s.unsubscribe();
      await service.close();
      await infra.close();
      await dropTestSchemas(config, [schema]);
    },
  };
  return h;
}
