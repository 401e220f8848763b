import { allEndpoints } from '@honne/contracts/endpoints';
import { UUID_PATTERN, type EndpointDef } from '@honne/contracts';
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';

import { auth, postVoice, userWithProfile, type TestUser } from './topics-helpers.ts';

/**
 * Issue 11's access suite, generated from the contracts' endpoint list so that a new endpoint is
 * covered without anyone remembering to: every endpoint must be classified below (the suite fails
 * on one that is not), and each class says what a second user, a blocked user and the anonymous
 * partner's counterpart may get from it.
 *
 * - member: acts on a room, message, voice or person the caller has no part in. A stranger and a
 *   blocked user are refused (403/404, not a field error: the request was well-formed).
 * - visible: reads or touches what any signed-in user may (a voice, a profile card): a stranger gets
 *   it, someone the owner blocked is refused.
 * - own: acts only on the caller; whatever ids are sent, the answer carries nothing of the others'
 *   rooms and messages, nor (to a blocked user) anything of the blocker.
 * - shared: public objects without an owner to protect (themes); the maker's id never shows.
 * - operator: a user's token is refused.
 * - not-here: said why: public sign-up/reference endpoints (no user resource), or calls that end the
 *   caller's own session or account, which other suites cover.
 */
type Kind = 'member' | 'visible' | 'own' | 'shared' | 'operator' | { notHere: string };

const PUBLIC = { notHere: 'public: no user resource behind it (sign-up, reference data, webhooks)' };
const ACCESS: Record<string, Kind> = {
  // The moderation console's endpoints (issue 27) are for operators by their auth class: a user's
  // token is refused; services/safety's authorization suite covers every role against each.
  ...Object.fromEntries(
    allEndpoints.filter((d) => d.auth === 'console').map((d) => [`${d.method} ${d.url}`, 'operator' as const]),
  ),
  'POST /admin/safety/sessions': { notHere: 'the operators’ sign-in (password + TOTP): services/safety’s suites' },
  'GET /safety/notices': 'own',
  'POST /safety/notices/:id/appeal': 'own',
  'POST /safety/contact': 'own',
  'POST /safety/rooms/:id/call_report': 'member',
  // Age assurance (ADR 0031): the caller's own state and ID photo.
  'GET /safety/age_assurance': 'own',
  'POST /safety/age_assurance/document': 'own',
  'POST /users/get_approval': 'own',
  'GET /push': 'own',
  'PUT /push/subscription': 'own',
  'DELETE /push/subscription': 'own',
  'POST /points/refund_requests': 'own',
  'PUT /points/age_bracket': 'own',
  'POST /points/checkouts': 'own',
  'GET /points/checkouts/:id': 'own',
  'POST /points/checkouts/:id/test_payment': 'own',
  'POST /users': PUBLIC,
  'POST /users/resend_code': PUBLIC,
  'POST /users/verify': PUBLIC,
  'POST /users/login': PUBLIC,
  'POST /users/request_reset_password': PUBLIC,
  'POST /users/reset_password/verify_code': PUBLIC,
  'POST /users/reset_password': PUBLIC,
  'POST /users/otp': PUBLIC,
  'POST /users/otp/verify': PUBLIC,
  'GET /areas': PUBLIC,
  'GET /age': PUBLIC,
  'GET /users/avatars/:gender/:file': PUBLIC,
  'GET /users/images/:file': PUBLIC,
  'GET /categories': PUBLIC,
  'GET /subCategories': PUBLIC,
  'GET /subCategories/:id': PUBLIC,
  'POST /subCategories': PUBLIC,
  'GET /messages/images/:imageId': { notHere: 'served by an unguessable id to whoever holds the message' },
  'POST /calls/livekit/webhook': PUBLIC,
  'POST /points/purchases/webhook': PUBLIC,
  'POST /logout': { notHere: "ends the caller's own session (sessions.test.ts)" },
  'POST /users/deleteUser': { notHere: "deletes the caller's own account (account-lifecycle.test.ts)" },
  'POST /users/block': { notHere: 'anyone may block anyone; blocks are what this suite sets up' },
  'PUT /users/user_report': {
    notHere: 'reporting a person stays open across a block (block and report is the safety path)',
  },
  'POST /users/refresh_token': 'own',
  'GET /users/profile': 'own',
  'PUT /users': 'own',
  'PUT /users/avatar': 'own',
  'POST /users/change_user_name': 'own',
  'PUT /users/change_user_name': 'own',
  'POST /users/change_password': 'own',
  'POST /users/update_sns': 'own',
  'GET /users/setting': 'own',
  'PUT /users/setting': 'own',
  'POST /users/setting': 'own',
  'GET /users/device': 'own',
  'PUT /users/device': 'own',
  'POST /users/timeserver': 'own',
  'POST /users/myusers': 'own',
  'POST /users/add_myusers': 'own',
  'POST /users/switch_character': 'member',
  'GET /users/:id': 'visible',
  'GET /users/friends': 'own',
  'GET /users/friends/:id': 'member',
  'POST /users/friends': 'member',
  'DELETE /users/friends': 'member',
  'POST /users/friend_requests': 'member',
  'GET /users/friend_requests': 'own',
  'POST /users/friend_requests/:id/accept': 'member',
  'POST /users/friend_requests/:id/decline': 'member',
  'POST /users/search': 'own',
  'GET /users/blocks': 'own',
  'POST /users/unblock': 'own',
  'POST /subCategories/:id/unlock': 'own',
  'POST /threads': 'own',
  'POST /threads/join': 'shared',
  'GET /threads': 'shared',
  'GET /threads/:id': 'shared',
  'POST /topics/:id': 'shared',
  'GET /topics': 'own',
  'GET /topics/:id': 'visible',
  'PUT /topics/:id': 'member',
  'PATCH /topics/updateClick': 'visible',
  'POST /topics/:id/heart': 'visible',
  'POST /topics/:id/report': 'visible',
  'GET /users/topics': 'own',
  'GET /topics/:id/reply-list': 'member',
  'GET /history': 'own',
  'POST /history': 'member',
  'GET /users/filter': 'own',
  'POST /users/filter': 'own',
  'PUT /users/first_search': 'own',
  'POST /rooms': 'visible',
  'POST /rooms/3charactor': 'member',
  'GET /rooms/unread': 'own',
  'PUT /rooms/unread': 'member',
  'GET /rooms/:id': 'member',
  'PUT /rooms/:id/replied': 'member',
  'POST /rooms/:id/block': 'member',
  'POST /rooms/:id/unblock': 'member',
  'PUT /rooms/:id/showBonusStatus': 'member',
  'POST /rooms/:id/bonuschat': 'member',
  'POST /rooms/:id/confirmbonuschat': 'member',
  'PUT /rooms/:id/read': 'member',
  'POST /rooms/:id/report': 'member',
  'PUT /rooms/:id/rate': 'member',
  'GET /rooms/:id/messages': 'member',
  'POST /messages': 'member',
  'GET /messages/toMe': 'own',
  'GET /messages/toMe/:roomId': 'member',
  'POST /messages/delete': 'own',
  'DELETE /messages/:id': 'member',
  'POST /messages/signedFileUrl': 'member',
  'GET /calls/config': 'own',
  'GET /calls/current': 'own',
  'POST /rooms/:id/calling': 'member',
  'GET /rooms/:id/calling': 'member',
  'POST /rooms/:id/callanswer': 'member',
  'POST /rooms/:id/pingConnectRoomChat': 'member',
  'POST /rooms/:id/pingOnPaidCall': 'member',
  'POST /rooms/:id/requestpaidcall': 'member',
  'POST /rooms/:id/confirmrequestpaidcall': 'member',
  'POST /calls/signal': 'member',
  'POST /calls/:id/token': 'member',
  'PUT /users/audio_record': 'own',
  'PUT /users/audio_record_1': 'own',
  'PUT /users/audio_record_2': 'own',
  'PUT /users/audio_record_3': 'own',
  'PUT /users/audio_record_4': 'own',
  'PUT /users/audio_record_5': 'own',
  'PUT /users/audio_record_6': 'own',
  'PUT /users/audio_record_7': 'own',
  'GET /users/audio_record': 'own',
  'DELETE /users/audio_record': 'own',
  'GET /rooms/:id/greeting': 'member',
  'PUT /users/send_coin': 'member',
  'GET /points/balance': 'own',
  'GET /points/history': 'own',
};

/**
 * What the requests are made of: the first user's voice, theme, room (where someone anonymous
 * talks with them and is ringing them), message and call, and a person's id.
 */
interface Targets {
  topic: string;
  thread: string;
  room: string;
  message: string;
  call: string;
  user: string;
}

// A 1×1 PNG, for uploads.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

type Schema = {
  type?: string | string[];
  pattern?: string;
  items?: Schema;
  const?: unknown;
  anyOf?: Schema[];
  enum?: unknown[];
  minimum?: number;
  minLength?: number;
  properties?: Record<string, Schema>;
  required?: string[];
};

/** A value the schema accepts, for fields the suite has no meaning for. */
function sample(s: Schema): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.anyOf) return sample(s.anyOf.find((o) => o.type !== 'null') ?? s.anyOf[0]!);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'integer' || type === 'number') return Math.max(s.minimum ?? 1, 1);
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return 'テスト'.padEnd(s.minLength ?? 1, 'あ');
}

/** The endpoint's `:params` filled with the targets (by the path they sit on). */
function pathOf(def: EndpointDef, t: Targets): string {
  return def.url.replace(/:(\w+)/g, (_m, name: string) => {
    if (name === 'roomId') return t.room;
    if (def.url.startsWith('/rooms/')) return t.room;
    if (def.url.startsWith('/topics/')) return def.method === 'POST' && def.url === '/topics/:id' ? t.thread : t.topic;
    if (def.url.startsWith('/threads/')) return t.thread;
    if (def.url.startsWith('/messages/')) return t.message;
    if (def.url.startsWith('/calls/')) return t.call;
    if (def.url.startsWith('/subCategories/')) return '33';
    return t.user;
  });
}

/** Every id-like field points at the targets; other required fields get a value their schema takes. */
function bodyOf(def: EndpointDef, t: Targets): Record<string, unknown> {
  const schema = (def.schema.body ?? {}) as Schema;
  const byName: Record<string, unknown> = {
    // Opening a room names the voice; a room id there would mean reopening that room.
    room_id: def.url === '/rooms' ? undefined : t.room,
    roomId: t.room,
    topic_id: t.topic,
    threadId: t.topic,
    user_id: t.user,
    receiveUserId: t.user,
    clickUserId: undefined,
    id: def.url === '/rooms/3charactor' ? t.room : t.user,
    ids: [t.message],
    message_id: t.message,
    call_id: t.call,
    signal_id: t.call,
    data: def.url === '/messages/signedFileUrl' ? PNG : 'こんにちは',
    message_type_id: 1,
    room_type_id: 2,
    coin: 100,
    content: '確認のための報告です',
    report: '確認のための報告です',
    star: 5,
    pw: 'himitsu-wrong',
    keyword: 'テスト',
    user_name: 'よそのひと',
    latest_message: '最新',
    // One of approve / status is needed (the app's and the spec's answer to a charge request).
    approve: true,
  };
  const body: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    if (name in byName) {
      if (byName[name] !== undefined) body[name] = byName[name];
    } else if (schema.required?.includes(name)) {
      body[name] = sample(prop);
    }
  }
  return body;
}

const isUuid = (s: Schema | undefined): boolean =>
  !!s && (s.pattern === UUID_PATTERN || !!s.anyOf?.some(isUuid) || (s.type === 'array' && isUuid(s.items)));

/** The endpoint's id inputs (path, query, body) that are UUIDs by their schema. */
function uuidFields(def: EndpointDef): { part: 'params' | 'querystring' | 'body'; name: string; list: boolean }[] {
  return (['params', 'querystring', 'body'] as const).flatMap((part) =>
    Object.entries(((def.schema[part] ?? {}) as Schema).properties ?? {})
      .filter(([, prop]) => isUuid(prop))
      .map(([name, prop]) => ({ part, name, list: prop.type === 'array' })),
  );
}

function queryOf(def: EndpointDef, t: Targets): string {
  const props = ((def.schema.querystring ?? {}) as Schema).properties ?? {};
  const q = new URLSearchParams();
  if ('thread_id' in props) q.set('thread_id', t.thread);
  if ('user_id' in props) q.set('user_id', t.user);
  if ('room_id' in props && def.url.startsWith('/topics/')) q.set('room_id', t.room);
  return q.size ? `?${q}` : '';
}

async function call(request: APIRequestContext, def: EndpointDef, who: TestUser, t: Targets): Promise<APIResponse> {
  const url = `/api/v1${pathOf(def, t)}${queryOf(def, t)}`;
  const options = { headers: auth(who), failOnStatusCode: false };
  if (def.method === 'GET') return request.get(url, options);
  return request.fetch(url, { ...options, method: def.method, data: bodyOf(def, t) });
}

const label = (def: EndpointDef) => `${def.method} ${def.url}`;

test('every endpoint in the contracts is classified for access', () => {
  const unclassified = allEndpoints.map(label).filter((k) => !(k in ACCESS));
  expect(unclassified, 'classify these endpoints in ACCESS').toEqual([]);
  const stale = Object.keys(ACCESS).filter((k) => !allEndpoints.some((d) => label(d) === k));
  expect(stale, 'endpoints no longer in the contracts').toEqual([]);
});

test('strangers, blocked users and the anonymous partner’s counterpart get only what is theirs', async ({
  request,
}) => {
  test.setTimeout(180_000);
  const profile = (name: string) => ({ user_name: name, gender: 2, age_id: 3, area_id: 13 });
  const owner = await userWithProfile(request, 'acc-owner', profile('ぬしのひと'));
  const hidden = await userWithProfile(request, 'acc-anon', profile('かくれたひと'));
  const stranger = await userWithProfile(request, 'acc-stranger', profile('よそのひと'));
  const blocked = await userWithProfile(request, 'acc-blocked', profile('ぶろっくされたひと'));

  // The owner's voice takes calls; someone answers it anonymously, both write, and the anonymous
  // one rings the owner; the owner blocks a fourth person.
  const voice = await postVoice(request, owner, { title: '聞いてほしい', is_callable: true }, [stranger, blocked]);
  const opened = await request.post('/api/v1/rooms', {
    headers: auth(hidden),
    data: { topic_id: voice.id, room_type_id: 4, is_anonymous: true },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  const room = (await opened.json()).data.id as string;
  const sent = await request.post('/api/v1/messages', {
    headers: auth(hidden),
    data: { room_id: room, message_type_id: 1, data: 'ひみつの返事' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const message = (await sent.json()).data.id as string;
  const answered = await request.post('/api/v1/messages', {
    headers: auth(owner),
    data: { room_id: room, message_type_id: 1, data: 'ありがとう' },
  });
  expect(answered.status()).toBe(200);
  const ringing = await request.post(`/api/v1/rooms/${room}/calling`, { headers: auth(hidden), data: {} });
  expect(ringing.status(), await ringing.text()).toBe(200);
  const callId = (await ringing.json()).data.id as string;
  expect(
    (await request.post('/api/v1/users/block', { headers: auth(owner), data: { id: blocked.userId } })).status(),
  ).toBe(200);

  const others: Targets = { topic: voice.id, thread: voice.threadId, room, message, call: callId, user: owner.userId };
  const problems: string[] = [];
  const refused = async (res: APIResponse) => {
    const body = await res.json().catch(() => ({}));
    return [401, 403, 404].includes(res.status()) && !(body as { errors?: unknown }).errors;
  };

  for (const def of allEndpoints) {
    const kind = ACCESS[label(def)]!;
    if (typeof kind === 'object') continue;
    if (kind === 'operator') {
      const res = await call(request, def, stranger, others);
      if (![401, 403].includes(res.status())) problems.push(`${label(def)}: a user token got ${res.status()}`);
      continue;
    }
    for (const [who, name] of [
      [stranger, 'stranger'],
      [blocked, 'blocked'],
    ] as const) {
      const res = await call(request, def, who, others);
      const text = await res.text();
      const mustRefuse = kind === 'member' || (kind === 'visible' && who === blocked);
      if (mustRefuse && !(await refused(res)))
        problems.push(`${label(def)}: ${name} got ${res.status()} ${text.slice(0, 200)}`);
      if (kind === 'visible' && who === stranger && res.status() >= 400)
        problems.push(`${label(def)}: a stranger may use it, got ${res.status()} ${text.slice(0, 200)}`);
      // Whatever the answer, nothing of a room or message the caller has no part in.
      for (const secret of [room, message, callId, hidden.userId, 'かくれたひと', 'ひみつの返事'])
        if (text.includes(secret)) problems.push(`${label(def)}: ${name}'s answer carries ${secret}`);
      // A blocked user gets nothing of the blocker, nor the blocker's voice.
      if (who === blocked && res.status() < 400)
        for (const secret of [owner.userId, voice.id, 'ぬしのひと'])
          if (text.includes(secret)) problems.push(`${label(def)}: the blocked user's answer carries ${secret}`);
      if (kind === 'shared' && text.includes(owner.userId))
        problems.push(`${label(def)}: ${name}'s answer names the theme's maker`);
    }
  }

  // The owner talks with someone anonymous: no answer about the room, its messages or the voice
  // may name them. Ids of people are unknown to the owner: a made-up one stands in.
  const counterpart: Targets = { ...others, user: crypto.randomUUID() };
  for (const def of allEndpoints) {
    const kind = ACCESS[label(def)]!;
    if (typeof kind === 'object' || kind === 'operator') continue;
    // Ringing the partner would leave a call behind for the rest of the run (the spec's GET with
    // user_id rings too), and blocking them in the room would end the one ringing; the call suites and
    // the differential suite cover them.
    if (
      [
        'POST /rooms/:id/calling',
        'GET /rooms/:id/calling',
        'POST /rooms/:id/callanswer',
        'POST /rooms/:id/pingConnectRoomChat',
        'POST /rooms/:id/block',
      ].includes(label(def))
    )
      continue;
    const text = await (await call(request, def, owner, counterpart)).text();
    for (const secret of [hidden.userId, 'かくれたひと'])
      if (text.includes(secret))
        problems.push(`${label(def)}: the owner's answer names the anonymous partner (${secret})`);
  }

  // The call was left alone by everyone else: it still rings, and its caller ends it.
  const current = await request.get('/api/v1/calls/current', { headers: auth(owner) });
  expect((await current.json()).data).toMatchObject({ id: callId, state: 'receiving' });
  const hung = await request.post(`/api/v1/rooms/${room}/callanswer`, {
    headers: auth(hidden),
    data: { action: 'hangup', signal_id: callId },
  });
  expect(hung.status(), await hung.text()).toBe(200);

  expect(problems).toEqual([]);
});

test('an id that is no UUID, anywhere in any endpoint, is stopped by the schema before any query', async ({
  request,
}) => {
  // Made-up ids reached PostgreSQL (the calls service's liveCallIn logged "invalid input syntax for
  // type uuid"). Each id input of every endpoint, in turn, gets one: the answer is the schema's —
  // 404 (an id that names nothing), 403 naming the field when the request is wrong besides, or 401
  // before anything for operator endpoints — never the database's refusal (a 403 without fields).
  const caller = await userWithProfile(request, 'acc-badids', {
    user_name: 'いたずら',
    gender: 1,
    age_id: 3,
    area_id: 13,
  });
  const BAD = 'not-a-uuid';
  const problems: string[] = [];
  let tried = 0;
  for (const def of allEndpoints) {
    for (const field of uuidFields(def)) {
      const id = () => crypto.randomUUID();
      const sane: Targets = { topic: id(), thread: id(), room: id(), message: id(), call: id(), user: id() };
      const path = def.url.replace(/:(\w+)/g, (_m, name: string) =>
        field.part === 'params' && field.name === name ? BAD : id(),
      );
      const body = bodyOf(def, sane);
      if (field.part === 'body') body[field.name] = field.list ? [BAD] : BAD;
      const query = field.part === 'querystring' ? `?${field.name}=${BAD}` : '';
      const url = `/api/v1${path}${query}`;
      const options = { headers: auth(caller), failOnStatusCode: false };
      const res =
        def.method === 'GET'
          ? await request.get(url, options)
          : await request.fetch(url, { ...options, method: def.method, data: def.schema.body ? body : undefined });
      tried += 1;
      const json = (await res.json().catch(() => ({}))) as { code?: string; errors?: Record<string, string> };
      const ok =
        (res.status() === 404 && json.code === 'not_found') ||
        (def.auth === 'console' && res.status() === 401) ||
        (res.status() === 403 && json.errors !== undefined && field.name in json.errors);
      if (!ok) problems.push(`${label(def)} ${field.part}.${field.name}: ${res.status()} ${JSON.stringify(json)}`);
    }
  }
  expect(tried).toBeGreaterThan(60);
  expect(problems).toEqual([]);
});
