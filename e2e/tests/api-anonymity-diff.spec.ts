import { allEndpoints } from '@honne/contracts/endpoints';
import { realtimeCommands } from '@honne/contracts/events';
import type { EndpointDef } from '@honne/contracts';
import { expect, test, type APIRequestContext } from '@playwright/test';

import { auth, grantPoints, openRoom, postVoice, userWithProfile, type TestUser } from './topics-helpers.ts';

/**
 * Issue 25's anonymity differential, generated from the contracts (ADR 0020): every answer, status
 * and side effect a user can observe is the same whichever real user stands behind an anonymous
 * party. Two worlds are built alike: in each, O's callable voice has an anonymous replier H who
 * wrote to O, O has an anonymous voice of their own, and X is a bystander with H's kind of profile.
 * Then O sends the same requests naming a candidate: in world 1 the candidate is H (the real
 * anonymous partner), in world 2 it is X. Each answer, and what O and the candidate see afterwards,
 * must be the same once each world's ids, names and times are replaced by their roles.
 *
 * Every endpoint and socket command with an input that takes a user id must be classified in DIFF
 * (the first test fails on one that is not), so a new one is covered or fails until it is.
 */

type Req = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; data?: Record<string, unknown> };
interface World {
  o: TestUser;
  h: TestUser;
  x: TestUser;
  voice: string;
  thread: string;
  anonVoice: string;
  anonThread: string;
  room: string;
  names: Record<'o' | 'h' | 'x', string>;
}
type Case = (w: World, candidate: string) => Req[];

const THEME2 = { area_id: 13, category_id: 2, sub_category_id: 6 };
const OPERATOR = { notHere: 'operator only: a user token is refused before any id is read (api-access.spec.ts)' };

/** Endpoints and socket commands (`ws <name>`) whose inputs take a user id, each compared or said why not. */
const DIFF: Record<string, Case | { notHere: string }> = {
  // The points operator API, console endpoints of safety (ADR 0034).
  'PUT /admin/safety/users/:id/expert': OPERATOR,
  'PUT /admin/safety/users/:id/rank': OPERATOR,
  'POST /admin/safety/points/grants': OPERATOR,
  'POST /users/switch_character': (_w, c) => [{ method: 'POST', url: '/users/switch_character', data: { id: c } }],
  'GET /users/:id': (_w, c) => [{ method: 'GET', url: `/users/${c}` }],
  'GET /users/friends/:id': (_w, c) => [{ method: 'GET', url: `/users/friends/${c}` }],
  'POST /users/friends': (w, c) => [
    { method: 'POST', url: '/users/friends', data: { user_id: c } },
    { method: 'POST', url: '/users/friends', data: { user_id: c, room_id: w.room } },
  ],
  'DELETE /users/friends': (_w, c) => [{ method: 'DELETE', url: '/users/friends', data: { id: c } }],
  // Walk #21's friend requests: asking by id, and from the room (refused alike for an anonymous side).
  'POST /users/friend_requests': (w, c) => [
    { method: 'POST', url: '/users/friend_requests', data: { user_id: c } },
    { method: 'POST', url: '/users/friend_requests', data: { user_id: c, room_id: w.room } },
  ],
  // Their id is a request's; a person's id in its place names nothing, whoever it is.
  'POST /users/friend_requests/:id/accept': (_w, c) => [{ method: 'POST', url: `/users/friend_requests/${c}/accept` }],
  'POST /users/friend_requests/:id/decline': (_w, c) => [
    { method: 'POST', url: `/users/friend_requests/${c}/decline` },
  ],
  // Blocking a suspect by name: everything after runs with the block in force, until the unblock.
  'POST /users/block': (_w, c) => [{ method: 'POST', url: '/users/block', data: { id: c } }],
  'PUT /users/user_report': (_w, c) => [
    { method: 'PUT', url: '/users/user_report', data: { user_id: c, report: '確認のための報告です' } },
  ],
  'PATCH /topics/updateClick': (w, c) => [
    { method: 'PATCH', url: '/topics/updateClick', data: { threadId: w.voice, clickUserId: c } },
  ],
  'POST /rooms': (w, c) => [
    { method: 'POST', url: '/rooms', data: { topic_id: w.voice, room_type_id: 2, user_id: c } },
    { method: 'POST', url: '/rooms', data: { room_type_id: 1, user_id: c } },
    { method: 'POST', url: '/rooms', data: { room_type_id: 3, user_id: c } },
  ],
  'POST /rooms/3charactor': (w, c) => [
    { method: 'POST', url: '/rooms/3charactor', data: { topic_id: w.voice, room_type_id: 2, user_id: c } },
  ],
  'GET /rooms/:id': (w, c) => [{ method: 'GET', url: `/rooms/${w.room}?user_id=${c}` }],
  'POST /rooms/:id/calling': (w, c) => [
    { method: 'POST', url: `/rooms/${w.room}/calling`, data: { user_id: c } },
    { method: 'GET', url: '/calls/current' },
    { method: 'POST', url: `/rooms/${w.room}/callanswer`, data: { action: 'hangup' } },
  ],
  // The spec's GET with user_id places the call too (issue 26): compared as the POST is.
  'GET /rooms/:id/calling': (w, c) => [
    { method: 'GET', url: `/rooms/${w.room}/calling?user_id=${c}` },
    { method: 'GET', url: '/calls/current' },
    { method: 'POST', url: `/rooms/${w.room}/callanswer`, data: { action: 'hangup' } },
  ],
  // The spec's greeting in seven parts names the uploader (issue 26): any other id answers alike.
  ...Object.fromEntries(
    [1, 2, 3, 4, 5, 6, 7].map((n): [string, Case] => [
      `PUT /users/audio_record_${n}`,
      (_w, c) => [
        { method: 'PUT', url: `/users/audio_record_${n}`, data: { user_id: c, [`audioRecord${n}`]: 'AAAA' } },
      ],
    ]),
  ),
  'POST /rooms/:id/pingConnectRoomChat': (w, c) => [
    { method: 'POST', url: `/rooms/${w.room}/pingConnectRoomChat`, data: { state: 'alive', user_id: c, id: c } },
  ],
  'PUT /users/send_coin': (w, c) => [
    { method: 'PUT', url: '/users/send_coin', data: { coin: 100, room_id: w.room, receiveUserId: c } },
    { method: 'PUT', url: '/users/send_coin', data: { coin: 100, receiveUserId: c } },
  ],
  // The spec's message payload names the sender and the receiver (issue 26): the partner is the room's.
  'POST /messages': (w, c) => [
    {
      method: 'POST',
      url: '/messages',
      data: { room_id: w.room, message_type_id: 1, data: 'だれ？', user_id: c, receiver_id: c },
    },
  ],
  'ws message.send': {
    notHere: 'the socket twin of POST /messages runs the same sendMessage (chat/events/requests.ts), compared there',
  },
  'POST /users/unblock': (_w, c) => [{ method: 'POST', url: '/users/unblock', data: { id: c } }],
};

const USER_FIELDS = new Set(['user_id', 'userId', 'receiveUserId', 'clickUserId', 'friend_id', 'receiver_id']);
type Props = { properties?: Record<string, unknown> };
const fieldsOf = (schema: unknown) => Object.keys((schema as Props | undefined)?.properties ?? {});

/** Whether an endpoint takes a user id in its path, query or body. */
function takesUserId(def: EndpointDef): boolean {
  const named = (['params', 'querystring', 'body'] as const).flatMap((p) => fieldsOf(def.schema[p]));
  const userPath = /^\/(admin\/(safety\/)?)?users(\/|$)/.test(def.url);
  return named.some((n) => USER_FIELDS.has(n) || (n === 'id' && userPath));
}
const label = (def: EndpointDef) => `${def.method} ${def.url}`;

test('every endpoint and socket command that takes a user id is in the anonymity differential', () => {
  const endpoints = allEndpoints.filter(takesUserId).map(label);
  const commands = Object.entries(realtimeCommands)
    .filter(([, def]) => fieldsOf((def.request as Props).properties?.body).some((n) => USER_FIELDS.has(n)))
    .map(([name]) => `ws ${name}`);
  const unclassified = [...endpoints, ...commands].filter((k) => !(k in DIFF));
  expect(unclassified, 'classify these in DIFF (api-anonymity-diff.spec.ts)').toEqual([]);
  const known = new Set([...allEndpoints.map(label), ...Object.keys(realtimeCommands).map((n) => `ws ${n}`)]);
  expect(
    Object.keys(DIFF).filter((k) => !known.has(k)),
    'no longer in the contracts',
  ).toEqual([]);
});

async function buildWorld(request: APIRequestContext, n: number): Promise<World> {
  const stamp = `${Date.now() % 100000}${n}`;
  const names = { o: `ぬし${stamp}`, h: `かげ${stamp}`, x: `よそ${stamp}` };
  // H and X have the same kind of profile: nothing but the relation to O tells them apart.
  const o = await userWithProfile(request, `diff-o-${n}`, { user_name: names.o, gender: 2, age_id: 3, area_id: 13 });
  const h = await userWithProfile(request, `diff-h-${n}`, { user_name: names.h, gender: 1, age_id: 2, area_id: 13 });
  const x = await userWithProfile(request, `diff-x-${n}`, { user_name: names.x, gender: 1, age_id: 2, area_id: 13 });
  const voice = await postVoice(request, o, { title: `聞いてほしい${stamp}`, is_callable: true }, [h, x]);
  const anon = await postVoice(request, o, { title: `ひみつの声${stamp}`, is_anonymous: true }, [h, x], THEME2);
  const room = await openRoom(request, h, voice.id, true);
  const wrote = await request.post('/api/v1/messages', {
    headers: auth(h),
    data: { room_id: room, message_type_id: 1, data: 'こんばんは' },
  });
  expect(wrote.status(), await wrote.text()).toBe(200);
  await grantPoints(request, o, 1000);
  return {
    o,
    h,
    x,
    voice: voice.id,
    thread: voice.threadId,
    anonVoice: anon.id,
    anonThread: anon.threadId,
    room,
    names,
  };
}

/** The answer with this world's ids, names and times replaced by their roles. */
function normalise(w: World, candidate: 'h' | 'x', value: unknown): string {
  const other = candidate === 'h' ? 'x' : 'h';
  let text = JSON.stringify(value);
  const roles: [string, string][] = [
    [w.o.userId, '<O>'],
    [w[candidate].userId, '<CANDIDATE>'],
    [w[other].userId, '<OTHER>'],
    [w.names.o, '<O-NAME>'],
    [w.names[candidate], '<CANDIDATE-NAME>'],
    [w.names[other], '<OTHER-NAME>'],
    [w.room, '<ROOM>'],
    [w.voice, '<VOICE>'],
    [w.thread, '<THREAD>'],
    [w.anonVoice, '<ANON-VOICE>'],
    [w.anonThread, '<ANON-THREAD>'],
  ];
  for (const [from, to] of roles) text = text.split(from).join(to);
  return text
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<T>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<UUID>')
    .replace(/"(seq|last_doc_id|duration_seconds|expire_in_seconds|_seconds)":"?\d+"?/g, '"$1":<N>')
    .replace(/(ぬし|かげ|よそ|聞いてほしい|ひみつの声)\d+/g, '$1<N>')
    .replace(/"(access_token|refresh_token|token)":"[^"]*"/g, '"$1":<TOKEN>');
}

async function send(request: APIRequestContext, who: TestUser, r: Req) {
  const res = await request.fetch(`/api/v1${r.url}`, {
    method: r.method,
    headers: auth(who),
    ...(r.data ? { data: r.data } : {}),
    failOnStatusCode: false,
  });
  return { status: res.status(), body: (await res.json().catch(() => null)) as unknown };
}

/** What O and the candidate can see after a request: O's room, lists, money and call; the candidate's view of O's voices. */
async function observe(request: APIRequestContext, w: World, candidate: TestUser) {
  const get = (who: TestUser, url: string) => send(request, who, { method: 'GET', url });
  const listed = async (who: TestUser, thread: string, id: string) =>
    (((await get(who, `/topics?thread_id=${thread}`)).body as { data?: { id: string }[] })?.data ?? []).some(
      (t) => t.id === id,
    );
  return {
    room: await get(w.o, `/rooms/${w.room}`),
    messages: await get(w.o, `/rooms/${w.room}/messages`),
    unread: await get(w.o, '/rooms/unread'),
    history: await get(w.o, '/history'),
    replies: await get(w.o, `/topics/${w.voice}/reply-list`),
    balance: await get(w.o, '/points/balance'),
    friends: await get(w.o, '/users/friends'),
    blocks: await get(w.o, '/users/blocks'),
    call: await get(w.o, '/calls/current'),
    candidateRequests: await get(candidate, '/users/friend_requests'),
    candidateSeesAnonVoice: await listed(candidate, w.anonThread, w.anonVoice),
    candidateOpensAnonVoice: (await get(candidate, `/topics/${w.anonVoice}`)).status,
    candidateSeesNamedVoice: (await get(candidate, `/topics/${w.voice}`)).status,
  };
}

test('the real anonymous partner and anyone else get the same answers and leave the same traces', async ({
  request,
}) => {
  test.setTimeout(240_000);
  const real = await buildWorld(request, 1);
  const other = await buildWorld(request, 2);
  const worlds = [
    { w: real, role: 'h' as const },
    { w: other, role: 'x' as const },
  ];
  const problems: string[] = [];
  const compare = (what: string, a: string, b: string) => {
    if (a === b) return;
    let at = 0;
    while (a[at] === b[at]) at++;
    const around = (t: string) => t.slice(Math.max(0, at - 200), at + 200);
    problems.push(`${what}:\n  real partner: …${around(a)}…\n  someone else: …${around(b)}…`);
  };
  compare(
    'before anything',
    normalise(real, 'h', await observe(request, real, real.h)),
    normalise(other, 'x', await observe(request, other, other.x)),
  );

  let compared = 0;
  for (const [name, kind] of Object.entries(DIFF)) {
    if (typeof kind !== 'function') continue;
    const requests = worlds.map(({ w, role }) => kind(w, w[role].userId));
    for (let i = 0; i < requests[0]!.length; i++) {
      const answers: string[] = [];
      for (const [k, { w, role }] of worlds.entries()) {
        answers.push(normalise(w, role, await send(request, w.o, requests[k]![i]!)));
      }
      compare(`${name} #${i + 1} answer`, answers[0]!, answers[1]!);
      compared += 1;
    }
    const seen: string[] = [];
    for (const { w, role } of worlds) seen.push(normalise(w, role, await observe(request, w, w[role])));
    compare(`${name}: what O and the candidate see after it`, seen[0]!, seen[1]!);
  }
  expect(compared).toBeGreaterThan(15);
  expect(problems).toEqual([]);
});
