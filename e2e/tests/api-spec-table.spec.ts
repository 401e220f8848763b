import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';

import { b64, webm } from '@honne/service-kit/testing-audio';

import { codeFromOutbox, mailCount } from '../support/outbox.ts';
import { SPEC_ROWS, type SpecRow } from '../support/spec-api-table.ts';
import { registerViaApi, uniqueEmail } from '../support/api.ts';
import {
  auth,
  grantPoints,
  joinTheme,
  openRoom,
  postVoice,
  setRank,
  THEME,
  userWithProfile,
  type TestUser,
} from './topics-helpers.ts';

/**
 * Issue 26: the spec's client works unchanged. Each row of the spec's API tables
 * (support/spec-api-table.ts) is sent exactly as that client sends it — method, path, field names,
 * encoding — through the gateway to the real services, and must be accepted and do what the spec
 * says. Each row has a case below: the world it needs (who sends it, and the ids its `{{…}}` values
 * name) and what must hold afterwards. A row without a case fails the first test, so a new row
 * cannot be left unchecked; a change that refuses a spec shape fails that row's test.
 *
 * Rows marked `other_branch` are built on issue 25's anonymity branch (s11-anon): they pass once
 * it is merged.
 */

const PASSWORD = 'password123';
// A 1×1 PNG, for the image upload.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const profile = (name: string) => ({ user_name: name, gender: 2, age_id: 3, area_id: 13 });

type Vars = Record<string, string>;
interface Sent {
  res: APIResponse;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each row's answer has its own shape
  json: { data?: any; status?: number; errors?: Record<string, string>; message?: string; code?: string };
}
interface Case {
  /** The world the row is sent in: who sends it (`token`, none for public rows) and its ids. */
  world: (request: APIRequestContext) => Promise<Vars & { token?: string }>;
  /** What the spec says the row does, checked after it was sent. */
  check: (request: APIRequestContext, sent: Sent, v: Vars) => Promise<void>;
}

/** `{{name}}` filled from the world, in any string of a value. */
function fill(value: unknown, v: Vars): unknown {
  if (typeof value === 'string') {
    const whole = /^\{\{(\w+)\}\}$/.exec(value);
    if (whole) {
      if (!(whole[1]! in v)) throw new Error(`no value for ${value}`);
      return v[whole[1]!];
    }
    return value.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => {
      if (!(k in v)) throw new Error(`no value for {{${k}}}`);
      return v[k]!;
    });
  }
  if (Array.isArray(value)) return value.map((x) => fill(x, v));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, x]) => [k, fill(x, v)]));
  return value;
}

/** Sends a row as the spec's client does: its method, path, encoding and fields. */
async function send(request: APIRequestContext, row: SpecRow, v: Vars & { token?: string }): Promise<Sent> {
  const fields = fill(row.fields, v) as Record<string, unknown>;
  const headers: Record<string, string> = {
    ...row.headers,
    ...(v.token ? { Authorization: `Bearer ${v.token}` } : {}),
  };
  let url = `/api/v1${fill(row.path, v) as string}`;
  const options: Parameters<APIRequestContext['fetch']>[1] = { method: row.method, headers, failOnStatusCode: false };
  if (row.method === 'GET' || row.encoding === 'none') {
    const q = new URLSearchParams(Object.entries(fields).map(([k, x]) => [k, String(x)]));
    if (q.size) url += `?${q}`;
  } else if (row.encoding === 'json') {
    options.data = fields;
  } else {
    options.multipart = Object.fromEntries(
      Object.entries(fields).map(([k, x]) => {
        if (x === v.image) return [k, { name: 'image.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') }];
        return [k, typeof x === 'object' && x !== null ? JSON.stringify(x) : String(x)];
      }),
    );
  }
  const res = await request.fetch(url, options);
  return { res, json: await res.json().catch(() => ({})) };
}

const get = async (request: APIRequestContext, user: TestUser | string, path: string) => {
  const token = typeof user === 'string' ? user : user.token;
  const res = await request.get(`/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()).data;
};
const call = async (request: APIRequestContext, user: TestUser, method: string, path: string, data?: object) => {
  const res = await request.fetch(`/api/v1${path}`, { method, headers: auth(user), data: data ?? {} });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
  return (await res.json()).data;
};
const login = (request: APIRequestContext, email: string, password: string) =>
  request.post('/api/v1/users/login', {
    data: { email, password, device_type: 'web', device_id: 'check', fcm_token: '', voip_token: '' },
  });
const accepted = (s: Sent) => expect(s.res.status(), JSON.stringify(s.json)).toBe(200);

let n = 0;
const tag = (t: string) => `spec-${t}-${++n}`;

/** A person whose voice someone answered: the replier (`me`) opened a room on the owner's (`partner`) voice. */
async function pair(request: APIRequestContext, voice: Record<string, unknown> = {}) {
  const owner = await userWithProfile(request, tag('owner'), profile('ぬしのひと'));
  const replier = await userWithProfile(request, tag('replier'), profile('しようのひと'));
  const v = await postVoice(request, owner, { title: '仕様の声', is_callable: true, ...voice }, [replier]);
  return { owner, replier, topic: v.id, thread: v.threadId };
}
async function pairWithRoom(request: APIRequestContext, voice: Record<string, unknown> = {}) {
  const p = await pair(request, voice);
  const room = await openRoom(request, p.replier, p.topic);
  const m = await call(request, p.replier, 'POST', '/messages', {
    room_id: room,
    message_type_id: 1,
    data: 'はじめまして',
  });
  await call(request, p.owner, 'POST', '/messages', { room_id: room, message_type_id: 1, data: 'ようこそ' });
  return { ...p, room, message: m.id as string };
}
const varsOf = (me: TestUser, partner: TestUser, extra: Vars = {}): Vars & { token: string } => ({
  token: me.token,
  me: me.userId,
  partner: partner.userId,
  email: me.email,
  partner_email: partner.email,
  password: PASSWORD,
  client_id: crypto.randomUUID(),
  image: 'image-file',
  ...extra,
});

/** One world for the rows that only read or touch what is the sender's own. */
let shared: Promise<Awaited<ReturnType<typeof pairWithRoom>>> | undefined;
const sharedWorld = (request: APIRequestContext) => (shared ??= pairWithRoom(request));
const asReplier = async (request: APIRequestContext) => {
  const w = await sharedWorld(request);
  return varsOf(w.replier, w.owner, { room: w.room, topic: w.topic, thread: w.thread, message: w.message });
};
const asFresh = async (request: APIRequestContext) => {
  const me = await userWithProfile(request, tag('fresh'), profile('ひとり'));
  return varsOf(me, me);
};

/** A call ringing in a fresh room: the replier calls the voice's owner. */
async function ringing(request: APIRequestContext, voice: Record<string, unknown> = {}) {
  const w = await pairWithRoom(request, voice);
  const started = await call(request, w.replier, 'POST', `/rooms/${w.room}/calling`);
  return { ...w, call: started.id as string };
}
/** A connected call on a priced voice: the owner charges per minute, the replier pays. */
async function paidCall(request: APIRequestContext) {
  const owner = await userWithProfile(request, tag('paid-owner'), profile('ゆうりょう'));
  await setRank(request, owner);
  const replier = await userWithProfile(request, tag('paid-replier'), profile('はらうひと'));
  await grantPoints(request, replier, 1000);
  const v = await postVoice(request, owner, { title: '有料の声', is_callable: true, call_price: 10 }, [replier]);
  const room = await openRoom(request, replier, v.id);
  const started = await call(request, replier, 'POST', `/rooms/${room}/calling`);
  await call(request, owner, 'POST', `/rooms/${room}/callanswer`, { action: 'answer' });
  for (const who of [replier, owner])
    await call(request, who, 'POST', `/rooms/${room}/pingConnectRoomChat`, {
      state: 'connected',
      signal_id: started.id,
    });
  return { owner, replier, room, topic: v.id, thread: v.threadId, call: started.id as string };
}
/** A paid chat (chat price 50) the replier opened and paid. */
async function paidChat(request: APIRequestContext) {
  const owner = await userWithProfile(request, tag('chat-owner'), profile('ゆうりょう'));
  await setRank(request, owner);
  const replier = await userWithProfile(request, tag('chat-replier'), profile('はらうひと'));
  await grantPoints(request, replier, 1000);
  const v = await postVoice(request, owner, { title: '有料の声', chat_price: 50 }, [replier]);
  const opened = await call(request, replier, 'POST', '/rooms', {
    topic_id: v.id,
    room_type_id: 2,
    confirm_price: true,
  });
  return { owner, replier, room: opened.id as string, topic: v.id, thread: v.threadId };
}
async function friends(request: APIRequestContext) {
  const w = await pairWithRoom(request);
  await call(request, w.replier, 'POST', '/users/friends', { user_id: w.owner.userId, room_id: w.room });
  return w;
}
/** A signed-up, not yet verified address (`code` is its code). */
async function signedUp(request: APIRequestContext) {
  const email = uniqueEmail('spec-signup');
  const res = await request.post('/api/v1/users', {
    data: { email, confirm_email: email, password: PASSWORD, confirm_password: PASSWORD, agree_terms: true },
  });
  expect(res.status()).toBe(200);
  return { email, password: PASSWORD, code: await codeFromOutbox(email) };
}
async function registered(request: APIRequestContext) {
  const email = uniqueEmail('spec-user');
  const session = await registerViaApi(request, email, PASSWORD);
  return { token: session.access_token, me: session.user_id, email, password: PASSWORD };
}
async function resetRequested(request: APIRequestContext) {
  const r = await registered(request);
  const before = await mailCount(r.email);
  expect((await request.post('/api/v1/users/request_reset_password', { data: { email: r.email } })).status()).toBe(200);
  return { ...r, code: await codeFromOutbox(r.email, before) };
}

/** The recording split in seven, as the spec's client uploads it: a data URL cut into seven pieces. */
function sevenParts(): string[] {
  const whole = `data:audio/webm;base64,${b64(webm(3000))}`;
  const size = Math.ceil(whole.length / 7);
  return Array.from({ length: 7 }, (_, i) => whole.slice(i * size, (i + 1) * size));
}
function audioCase(part: number): Case {
  return {
    world: async (request) => {
      const v = await asFresh(request);
      const parts = sevenParts();
      // The other six first, as the client sends them; the row's own part completes the set.
      for (let i = 1; i <= 7; i++) {
        v[`audio${i}`] = parts[i - 1]!;
        if (i === part) continue;
        const res = await request.put(`/api/v1/users/audio_record_${i}`, {
          headers: { Authorization: `Bearer ${v.token}` },
          data: { user_id: v.me, [`audioRecord${i}`]: parts[i - 1] },
        });
        expect(res.status(), await res.text()).toBe(200);
      }
      return v;
    },
    check: async (request, sent, v) => {
      accepted(sent);
      const mine = await get(request, v.token!, '/users/audio_record');
      // The recording's own timestamps: its last 20 ms block starts at 2.98 s.
      expect(mine).toMatchObject({ mime_type: 'audio/webm', duration_ms: 2980 });
    },
  };
}

const CASES: Record<string, Case> = {
  'A-timeserver': { world: asReplier, check: async (_r, s) => (accepted(s), expect(s.json.data).toBeTruthy()) },
  'A-verify': {
    world: signedUp,
    check: async (_r, s) => {
      accepted(s);
      expect(s.json.data.access_token).toEqual(expect.any(String));
    },
  },
  'A-login': {
    world: registered,
    check: async (_r, s) => {
      accepted(s);
      expect(s.json.data).toMatchObject({ access_token: expect.any(String), is_infomation: 0 });
    },
  },
  'A-logout': {
    world: registered,
    check: async (request, s, v) => {
      accepted(s);
      const after = await request.get('/api/v1/users/profile', { headers: { Authorization: `Bearer ${v.token}` } });
      expect(after.status()).toBe(401);
    },
  },
  'A-signup': {
    world: async () => ({ email: uniqueEmail('spec-new'), password: PASSWORD }),
    check: async (_r, s, v) => {
      accepted(s);
      expect(await codeFromOutbox(v.email!)).toMatch(/^\d{6}$/);
    },
  },
  'A-profile': {
    world: asReplier,
    check: async (_r, s, v) => {
      accepted(s);
      expect(s.json.data).toMatchObject({ id: v.me, user_name: 'しようのひと' });
    },
  },
  'A-device-get': { world: asReplier, check: async (_r, s) => accepted(s) },
  'A-device-put': {
    world: asFresh,
    check: async (request, s, v) => {
      accepted(s);
      expect(await get(request, v.token!, '/users/device')).toMatchObject({ fcm_token: 'fcm-token-of-the-spec' });
    },
  },
  'A-setting-get': { world: asReplier, check: async (_r, s) => (accepted(s), expect(s.json.data).toBeTruthy()) },
  'A-setting-put': {
    world: asFresh,
    check: async (request, s, v) => {
      accepted(s);
      expect(await get(request, v.token!, '/users/setting')).toMatchObject({
        call_volume: 40,
        chat_volume: 60,
        saved_message_time: 120,
        voiceCall: true,
      });
    },
  },
  'A-setting-post': {
    world: asFresh,
    check: async (request, s, v) => {
      accepted(s);
      expect(await get(request, v.token!, '/users/setting')).toMatchObject({
        call_volume: 45,
        chat_volume: 65,
        saved_message_time: 180,
        voiceCall: false,
      });
    },
  },
  'A-change_password': {
    world: registered,
    check: async (request, s, v) => {
      accepted(s);
      expect((await login(request, v.email!, 'newpass456')).status()).toBe(200);
    },
  },
  'A-request_reset_password': {
    world: registered,
    check: async (_r, s, v) => {
      accepted(s);
      expect(await codeFromOutbox(v.email!, 1)).toMatch(/^\d{6}$/);
    },
  },
  'A-reset_password-verify_code': { world: resetRequested, check: async (_r, s) => accepted(s) },
  'A-reset_password': {
    world: resetRequested,
    check: async (request, s, v) => {
      accepted(s);
      expect((await login(request, v.email!, 'reset789pw')).status()).toBe(200);
    },
  },
  'A-users-put-form': { world: registered, check: async (request, s, v) => profileSaved(request, s, v) },
  'A-change_user_name-post': {
    world: friendsAsReplier,
    check: (request, s, v) => renamed(request, s, v, 'あたらしいなまえ'),
  },
  'A-change_user_name-put': {
    world: friendsAsReplier,
    check: (request, s, v) => renamed(request, s, v, 'べつのなまえ'),
  },
  'A-user-detail': {
    world: asReplier,
    check: async (_r, s, v) => (accepted(s), expect(s.json.data).toMatchObject({ id: v.partner })),
  },
  'A-filter-get': { world: asReplier, check: async (_r, s) => (accepted(s), expect(s.json.data).toBeTruthy()) },
  'A-filter-post': { world: asFresh, check: filterSaved({ user_status: 1, gender: '2', age_id: 3, area_id: 13 }) },
  'A-first_search': { world: asFresh, check: filterSaved({ is_first_search: false }) },
  'A-add_myusers': { world: asFresh, check: async (_r, s) => accepted(s) },
  'A-search': {
    world: asReplier,
    check: async (_r, s) => (accepted(s), expect(Array.isArray(s.json.data)).toBe(true)),
  },
  'A-friends': {
    world: friendsAsReplier,
    check: async (_r, s, v) => {
      accepted(s);
      expect(JSON.stringify(s.json.data)).toContain(v.partner);
    },
  },
  'A-friend': {
    world: friendsAsReplier,
    check: async (_r, s, v) => (accepted(s), expect(JSON.stringify(s.json.data)).toContain(v.partner)),
  },
  'A-friend-add': {
    world: async (request) => {
      const w = await pairWithRoom(request);
      return varsOf(w.replier, w.owner, { room: w.room, topic: w.topic });
    },
    check: async (_r, s) => accepted(s),
  },
  'A-friend-delete': {
    world: friendsAsReplier,
    check: async (request, s, v) => {
      accepted(s);
      expect(JSON.stringify(await get(request, v.token!, '/users/friends'))).not.toContain(v.partner);
    },
  },
  'A-blocks': {
    world: asReplier,
    check: async (_r, s) => (accepted(s), expect(Array.isArray(s.json.data)).toBe(true)),
  },
  'A-block': {
    world: pairAsReplier,
    check: async (request, s, v) => {
      accepted(s);
      expect(JSON.stringify(await get(request, v.token!, '/users/blocks'))).toContain(v.partner);
    },
  },
  'A-unblock': {
    world: async (request) => {
      const v = await pairAsReplier(request);
      await request.post('/api/v1/users/block', {
        headers: { Authorization: `Bearer ${v.token}` },
        data: { id: v.partner },
      });
      return v;
    },
    check: async (request, s, v) => {
      accepted(s);
      expect(JSON.stringify(await get(request, v.token!, '/users/blocks'))).not.toContain(v.partner);
    },
  },
  'A-send_coin': sendCoinCase(),
  'A-unread': { world: asReplier, check: async (_r, s) => (accepted(s), expect(s.json.data).toBeTruthy()) },
  'A-user_report': { world: pairAsReplier, check: async (_r, s) => accepted(s) },
  'A-audio_record_1': audioCase(1),
  'A-audio_record_2': audioCase(2),
  'A-audio_record_3': audioCase(3),
  'A-audio_record_4': audioCase(4),
  'A-audio_record_5': audioCase(5),
  'A-audio_record_6': audioCase(6),
  'A-audio_record_7': audioCase(7),
  'A-get_approval': { world: asFresh, check: async (_r, s) => accepted(s) },
  'A-update_sns': {
    world: asFresh,
    check: async (_r, s) => (accepted(s), expect(s.json.data).toMatchObject({ twitter: 'twitter.com/spec' })),
  },
  'A-myusers': { world: asFresh, check: async (_r, s) => accepted(s) },
  'A-deleteUser': {
    world: registered,
    check: async (request, s, v) => {
      accepted(s);
      expect((await login(request, v.email!, PASSWORD)).status()).not.toBe(200);
    },
  },
  'A-age': {
    world: async () => ({}),
    check: async (_r, s) => (accepted(s), expect(s.json.data.length).toBeGreaterThan(0)),
  },
  'A-areas': {
    world: async () => ({}),
    check: async (_r, s) => (accepted(s), expect(s.json.data.length).toBeGreaterThan(0)),
  },

  'T-profile': {
    world: asReplier,
    check: async (_r, s, v) => (accepted(s), expect(s.json.data).toMatchObject({ id: v.me })),
  },
  'T-filter-get': { world: asReplier, check: async (_r, s) => (accepted(s), expect(s.json.data).toBeTruthy()) },
  'T-filter-post': { world: asFresh, check: filterSaved({ user_status: 1, gender: '2', age_id: 3, area_id: 13 }) },
  'T-filter-update': {
    world: async (request) => {
      const v = await asFresh(request);
      const theme = await joinTheme(request, { token: v.token!, userId: v.me!, email: v.email!, session: {} });
      return { ...v, thread: theme.id };
    },
    check: async (request, s, v) => {
      accepted(s);
      expect(await get(request, v.token!, '/users/filter')).toMatchObject({
        area_id: 13,
        area: '東京都',
        category_id: 5,
        category: '悩み・相談',
        sub_category_id: 22,
        latest_joined_thread: v.thread,
        user_status: 0,
      });
    },
  },
  'T-areas': {
    world: async () => ({}),
    check: async (_r, s) => (accepted(s), expect(s.json.data.length).toBeGreaterThan(0)),
  },
  'T-categories': {
    world: async () => ({}),
    check: async (_r, s) => (accepted(s), expect(s.json.data.length).toBeGreaterThan(0)),
  },
  'T-age': {
    world: async () => ({}),
    check: async (_r, s) => (accepted(s), expect(s.json.data.length).toBeGreaterThan(0)),
  },
  'T-subCategories-get': { world: asReplier, check: async (_r, s) => subCategoriesOf5(s) },
  'T-subCategories-post': { world: asReplier, check: async (_r, s) => subCategoriesOf5(s) },
  'T-subCategory': {
    world: async () => ({}),
    check: async (_r, s) => {
      accepted(s);
      expect(s.json.data).toMatchObject({ id: 22, topic_expire_after_max_minutes: expect.any(Number) });
    },
  },
  'T-threads-post': {
    world: asFresh,
    check: async (_r, s) => (accepted(s), expect(s.json.data.id).toEqual(expect.any(String))),
  },
  'T-threads-get': {
    world: asReplier,
    check: async (_r, s, v) => (accepted(s), expect(JSON.stringify(s.json.data)).toContain(v.thread)),
  },
  'T-thread': { world: asReplier, check: async (_r, s, v) => (accepted(s), expect(s.json.data.id).toBe(v.thread)) },
  'T-topics-get': {
    world: asReplier,
    check: async (_r, s, v) => (accepted(s), expect(JSON.stringify(s.json.data)).toContain(v.topic)),
  },
  'T-topic': { world: asReplier, check: async (_r, s, v) => (accepted(s), expect(s.json.data.id).toBe(v.topic)) },
  'T-users-topics': {
    world: asReplier,
    check: async (_r, s) => (accepted(s), expect(Array.isArray(s.json.data)).toBe(true)),
  },
  'T-topic-post': {
    world: async (request) => {
      const v = await asFresh(request);
      const theme = await joinTheme(request, { token: v.token!, userId: v.me!, email: v.email!, session: {} });
      return { ...v, thread: theme.id };
    },
    check: async (_r, s, v) => {
      accepted(s);
      expect(s.json.data).toMatchObject({ thread_id: v.thread, title: '仕様の声', is_callable: true });
    },
  },
  'T-topic-put': {
    world: async (request) => {
      const w = await pair(request);
      return varsOf(w.owner, w.replier, { topic: w.topic });
    },
    check: async (request, s, v) => {
      accepted(s);
      expect(await get(request, v.token!, `/topics/${v.topic}`)).toMatchObject({ is_callable: false });
    },
  },
  'T-updateClick': { world: asReplier, check: async (_r, s) => accepted(s) },
  'T-rooms-post': {
    world: async (request) => {
      const w = await pair(request);
      return varsOf(w.replier, w.owner, { topic: w.topic });
    },
    check: async (request, s, v) => {
      accepted(s);
      expect(await get(request, v.token!, `/rooms/${s.json.data.id}`)).toMatchObject({ topic_id: v.topic });
    },
  },
  'T-rooms-3charactor': {
    world: async (request) => {
      const w = await pairWithRoom(request);
      return varsOf(w.replier, w.owner, { topic: w.topic, room: w.room });
    },
    check: async (_r, s, v) => (accepted(s), expect(s.json.data.id).toBe(v.room)),
  },
  'T-room': { world: asReplier, check: async (_r, s, v) => (accepted(s), expect(s.json.data.id).toBe(v.room)) },
  'T-calling': {
    world: async (request) => {
      const w = await pairWithRoom(request);
      return { ...varsOf(w.replier, w.owner, { room: w.room }), partner_token: w.owner.token };
    },
    check: async (request, s, v) => {
      // The spec's GET places the call: the partner rings, and a second GET while it rings is the same call.
      accepted(s);
      expect(s.json.data).toMatchObject({ room_id: v.room, role: 'caller', state: 'calling' });
      expect(await get(request, v.partner_token!, '/calls/current')).toMatchObject({
        id: s.json.data.id,
        state: 'receiving',
      });
      const again = await request.get(`/api/v1/rooms/${v.room}/calling?user_id=${v.me}`, {
        headers: { Authorization: `Bearer ${v.token}` },
      });
      expect(again.status()).toBe(200);
      expect((await again.json()).data).toMatchObject({ id: s.json.data.id, state: 'calling' });
      await request.post(`/api/v1/rooms/${v.room}/callanswer`, {
        headers: { Authorization: `Bearer ${v.token}` },
        data: { action: 'hangup' },
      });
    },
  },
  'T-pingOnPaidCall': {
    world: async (request) => {
      const w = await paidCall(request);
      await call(request, w.owner, 'POST', `/rooms/${w.room}/requestpaidcall`);
      await call(request, w.replier, 'POST', `/rooms/${w.room}/confirmrequestpaidcall`, { approve: true });
      return varsOf(w.replier, w.owner, { room: w.room, call: w.call });
    },
    check: async (_r, s) => accepted(s),
  },
  'T-callanswer': {
    world: async (request) => {
      const w = await ringing(request);
      return varsOf(w.owner, w.replier, { room: w.room, call: w.call });
    },
    check: async (_r, s, v) => {
      accepted(s);
      expect(s.json.data).toMatchObject({ id: v.call, role: 'callee', state: 'waiting_connect' });
    },
  },
  'T-pingConnectRoomChat': {
    world: async (request) => {
      const w = await ringing(request);
      await call(request, w.owner, 'POST', `/rooms/${w.room}/callanswer`, { action: 'answer' });
      // The other side's media is up already: the row's report completes the connection.
      await call(request, w.owner, 'POST', `/rooms/${w.room}/pingConnectRoomChat`, {
        signal_id: w.call,
        user_id: w.owner.userId,
        id: w.room,
      });
      return varsOf(w.replier, w.owner, { room: w.room, call: w.call });
    },
    check: async (_r, s, v) => {
      accepted(s);
      expect(s.json.data).toMatchObject({ id: v.call, connected_at: expect.any(String) });
    },
  },
  'T-requestpaidcall': {
    world: async (request) => {
      const w = await paidCall(request);
      return varsOf(w.owner, w.replier, { room: w.room, call: w.call });
    },
    check: async (_r, s) => (accepted(s), expect(s.json.data).toMatchObject({ charging: 'requested' })),
  },
  'T-confirmrequestpaidcall': {
    world: async (request) => {
      const w = await paidCall(request);
      await call(request, w.owner, 'POST', `/rooms/${w.room}/requestpaidcall`);
      return varsOf(w.replier, w.owner, { room: w.room, call: w.call });
    },
    check: async (_r, s) => {
      accepted(s);
      expect(s.json.data).toMatchObject({ charging: 'approved', charged_points: 10 });
    },
  },
  'T-bonuschat': {
    world: async (request) => {
      const w = await paidChat(request);
      return varsOf(w.owner, w.replier, { room: w.room });
    },
    check: async (_r, s) => accepted(s),
  },
  'T-confirmbonuschat': {
    world: async (request) => {
      const w = await paidChat(request);
      await call(request, w.owner, 'POST', `/rooms/${w.room}/bonuschat`);
      return { ...varsOf(w.replier, w.owner, { room: w.room }) };
    },
    check: async (request, s, v) => {
      accepted(s);
      // Paid once at opening (50) and once for the bonus (50).
      expect(await get(request, v.token!, '/points/balance')).toMatchObject({ balance: 900 });
    },
  },
  'T-showBonusStatus': {
    world: asReplier,
    check: async (_r, s, v) => (accepted(s), expect(s.json.data.room_id).toBe(v.room)),
  },
  'T-replied': { world: asReplier, check: async (_r, s) => accepted(s) },
  'T-rate': {
    // The rating prompt follows a paid chat (spec §4 Paid chat): its payer rates it.
    world: async (request) => {
      const w = await paidChat(request);
      return varsOf(w.replier, w.owner, { room: w.room });
    },
    check: async (_r, s) => (accepted(s), expect(s.json.data).toMatchObject({ star: 4 })),
  },
  'T-room-report': {
    world: asReplier,
    check: async (_r, s) => (accepted(s), expect(s.json.data).toMatchObject({ message: 'success' })),
  },
  'T-messages-post': {
    world: async (request) => {
      const w = await pairWithRoom(request);
      return { ...varsOf(w.replier, w.owner, { room: w.room, topic: w.topic }), partner_token: w.owner.token };
    },
    check: async (request, s, v) => {
      accepted(s);
      // The sender is the token's user and the receiver the room's partner, whatever the payload says.
      expect(s.json.data).toMatchObject({ room_id: v.room, user_id: v.me, data: '仕様のままのメッセージ' });
      const theirs = (await get(request, v.partner_token!, `/rooms/${v.room}/messages`)) as { id: string }[];
      expect(theirs.filter((m) => m.id === s.json.data.id)).toHaveLength(1);
      // The spec's `id` is the client id: the same message sent again is stored once.
      const row = SPEC_ROWS.find((r) => r.id === 'T-messages-post')!;
      const again = await send(request, row, v);
      accepted(again);
      expect(again.json.data.id).toBe(s.json.data.id);
    },
  },
  'T-signedFileUrl': {
    world: asReplier,
    check: async (_r, s) => {
      accepted(s);
      expect(s.json.data).toMatchObject({ url: expect.any(String), size: { width: 1, height: 1 } });
    },
  },
  'T-room-messages': {
    world: asReplier,
    check: async (_r, s, v) => (accepted(s), expect(JSON.stringify(s.json.data)).toContain(v.message)),
  },
  'T-toMe': {
    world: asReplier,
    check: async (_r, s) => (accepted(s), expect(JSON.stringify(s.json.data)).toContain('ようこそ')),
  },
  'T-toMe-room': {
    world: asReplier,
    check: async (_r, s) => (accepted(s), expect(JSON.stringify(s.json.data)).toContain('ようこそ')),
  },
  'T-messages-delete': { world: ownMessage, check: messageGone },
  'T-message-delete': { world: ownMessage, check: messageGone },
  'T-send_coin': sendCoinCase(),
  'T-history-get': {
    world: asReplier,
    check: async (_r, s, v) => (accepted(s), expect(JSON.stringify(s.json.data)).toContain(v.room)),
  },
  'T-history-post': { world: asReplier, check: async (_r, s) => accepted(s) },
  'T-reply-list': {
    world: async (request) => {
      const w = await sharedWorld(request);
      return varsOf(w.owner, w.replier, { topic: w.topic });
    },
    check: async (_r, s, v) => (accepted(s), expect(JSON.stringify(s.json.data)).toContain(v.partner)),
  },
  'T-unread': { world: asReplier, check: async (_r, s) => (accepted(s), expect(s.json.data).toBeTruthy()) },
  'T-users-put': { world: registered, check: async (request, s, v) => profileSaved(request, s, v) },
  'T-timeserver': { world: asReplier, check: async (_r, s) => (accepted(s), expect(s.json.data).toBeTruthy()) },
  'T-login': {
    world: registered,
    check: async (_r, s) => (accepted(s), expect(s.json.data.access_token).toEqual(expect.any(String))),
  },
  'T-logout': {
    world: registered,
    check: async (request, s, v) => {
      accepted(s);
      const after = await request.get('/api/v1/users/profile', { headers: { Authorization: `Bearer ${v.token}` } });
      expect(after.status()).toBe(401);
    },
  },
  'T-add-user': {
    world: async () => ({ email: uniqueEmail('spec-add'), password: PASSWORD }),
    check: async (_r, s, v) => (accepted(s), expect(await codeFromOutbox(v.email!)).toMatch(/^\d{6}$/)),
  },
  'T-user-device': {
    world: asFresh,
    check: async (request, s, v) => {
      accepted(s);
      expect(await get(request, v.token!, '/users/device')).toMatchObject({ fcm_token: 'fcm-token-2' });
    },
  },
  'T-user-detail': {
    world: asReplier,
    check: async (_r, s, v) => (accepted(s), expect(s.json.data).toMatchObject({ id: v.partner })),
  },
};

async function pairAsReplier(request: APIRequestContext) {
  const w = await pairWithRoom(request);
  return varsOf(w.replier, w.owner, { room: w.room, topic: w.topic });
}
async function friendsAsReplier(request: APIRequestContext) {
  const w = await friends(request);
  return varsOf(w.replier, w.owner, { room: w.room, topic: w.topic });
}
async function ownMessage(request: APIRequestContext) {
  const w = await pairWithRoom(request);
  return varsOf(w.replier, w.owner, { room: w.room, message: w.message });
}
async function messageGone(request: APIRequestContext, s: Sent, v: Vars) {
  accepted(s);
  expect(JSON.stringify(await get(request, v.token!, `/rooms/${v.room}/messages`))).not.toContain(v.message);
}
async function profileSaved(request: APIRequestContext, s: Sent, v: Vars) {
  accepted(s);
  expect(await get(request, v.token!, '/users/profile')).toMatchObject({
    user_name: 'しようのひと',
    age_id: 3,
    area_id: 13,
    is_infomation: 1,
    userCharacterSettings: { value: 'グルメ,ヨガ' },
  });
}
function filterSaved(expected: Record<string, unknown>) {
  return async (request: APIRequestContext, s: Sent, v: Vars) => {
    accepted(s);
    expect(await get(request, v.token!, '/users/filter')).toMatchObject(expected);
  };
}
async function renamed(request: APIRequestContext, s: Sent, v: Vars, name: string) {
  accepted(s);
  expect(s.json.data).toMatchObject({ user_name: name, roomIds: expect.any(Array) });
  expect(await get(request, v.token!, '/users/profile')).toMatchObject({ user_name: name });
  // Spec accounts §4: a new name ends every friendship.
  expect(JSON.stringify(await get(request, v.token!, '/users/friends'))).not.toContain(v.partner);
}
function subCategoriesOf5(s: Sent) {
  accepted(s);
  const subs = s.json.data as { id: number; category_id: number }[];
  expect(subs.length).toBeGreaterThan(0);
  expect(subs.every((x) => x.category_id === THEME.category_id)).toBe(true);
}
function sendCoinCase(): Case {
  return {
    world: async (request) => {
      const w = await pairWithRoom(request);
      await grantPoints(request, w.replier, 500);
      return { ...varsOf(w.replier, w.owner, { room: w.room }), partner_token: w.owner.token };
    },
    check: async (request, s, v) => {
      accepted(s);
      expect(await get(request, v.token!, '/points/balance')).toMatchObject({ balance: 400 });
      expect(await get(request, v.partner_token!, '/points/balance')).toMatchObject({ balance: 100 });
    },
  };
}

test('every row of the spec’s tables has a case, and every case a row', () => {
  expect(SPEC_ROWS.filter((r) => !CASES[r.id]).map((r) => r.id)).toEqual([]);
  expect(Object.keys(CASES).filter((id) => !SPEC_ROWS.some((r) => r.id === id))).toEqual([]);
  expect(new Set(SPEC_ROWS.map((r) => r.id)).size).toBe(SPEC_ROWS.length);
});

for (const row of SPEC_ROWS) {
  const title = `${row.id}: ${row.method} ${row.path} (${row.encoding})${row.other_branch ? ` [needs ${row.other_branch}]` : ''}`;
  test(title, async ({ request }) => {
    const c = CASES[row.id]!;
    const v = await c.world(request);
    const sent = await send(request, row, v);
    await c.check(request, sent, v);
  });
}
