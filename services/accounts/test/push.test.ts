import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { CallView } from '@honne/contracts/calls';
import { callView as aCallView } from '@honne/contracts/testing';
import type { Message } from '@honne/contracts/chat';
import { requests } from '@honne/contracts/events';
import { PUSH_MESSAGES, type PushPayload } from '@honne/contracts/push';
import { realtimeEvents } from '@honne/contracts/realtime-events';
import { clearSocketsOn, markSocketsOn, publishToUser, RedisCache, type Subscription } from '@honne/service-kit';
import { infraModes } from '@honne/service-kit/testing';
import ece from 'http_ece';
import webPush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { pushesSettled, pushToUser, withdrawCallPush } from '../src/push/notify.ts';
import { startHarness, type Harness } from './harness.ts';
import { chatMessage } from './push-fixtures.ts';

/** A browser's side of a subscription, made here: its P-256 key pair and auth secret (what Chromium's PushManager would hold). */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
}

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** How long the push service takes to answer a post under /slow/: a push service under load. */
const SLOW_ANSWER_MS = 300;

/**
 * A push service on loopback: records what it receives; answers 410 for paths under /gone/, and
 * posts under /slow/ only after `SLOW_ANSWER_MS`. `order` says when each post arrived and was answered.
 */
async function startPushService() {
  const received: Received[] = [];
  const order: string[] = [];
  let arrivals: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const n = received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) }) - 1;
      order.push(`arrived ${n}`);
      for (const arrived of arrivals.splice(0)) arrived();
      const answer = () => {
        order.push(`answered ${n}`);
        res.writeHead(req.url?.startsWith('/gone/') ? 410 : 201).end();
      };
      if (req.url?.startsWith('/slow/')) setTimeout(answer, SLOW_ANSWER_MS);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    order,
    /** Resolves when the next post arrives. */
    nextArrival: () => new Promise<void>((resolve) => arrivals.push(resolve)),
    close: () => {
      arrivals = [];
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What the browser would read: the request decrypted with the subscription's private key and auth secret. */
function decrypt(r: Received, keys: { ecdh: ECDH; auth: string }): PushPayload {
  expect(r.headers['content-encoding']).toBe('aes128gcm');
  const plain = ece.decrypt(r.body, { version: 'aes128gcm', privateKey: keys.ecdh, authSecret: keys.auth });
  return JSON.parse(plain.toString('utf8')) as PushPayload;
}

describe.each(infraModes())('web push ($name)', (mode) => {
  let h: Harness;
  let push: Awaited<ReturnType<typeof startPushService>>;
  let chatStandIn: Subscription;
  const vapid = webPush.generateVAPIDKeys();
  /** Rooms as chat would answer `chat.room.participants`: the real chat runs in the browser journey (e2e/tests/push.spec.ts). */
  const rooms = new Map<string, { user_id: string; is_anonymous: boolean }[]>();

  beforeAll(async () => {
    push = await startPushService();
    h = await startHarness(mode, {
      push: { vapid: { ...vapid, subject: 'mailto:test@honne.local' }, allowLoopbackHttp: true },
    });
    chatStandIn = h.infra.bus.respond(requests.chatRoomParticipants, async ({ room_id }) => {
      const participants = rooms.get(room_id);
      return participants
        ? { found: true, participants, blocked: false, deleted: false }
        : { found: false, participants: [] };
    });
  });
  afterAll(async () => {
    chatStandIn?.unsubscribe();
    await h?.close();
    await push?.close();
  });
  beforeEach(() => {
    push.received.length = 0;
    push.order.length = 0;
  });

  let n = 0;
  const email = () => `push-${mode.name}-${Date.now()}-${n++}@example.com`;
  const subscribe = async (who: { caller: { userId: string; sessionId: string } }, path: string, extra = {}) => {
    const keys = browserKeys();
    const res = await h.app.inject({
      method: 'PUT',
      url: '/push/subscription',
      headers: h.as(who.caller),
      payload: { endpoint: `${push.base}${path}`, keys: { p256dh: keys.p256dh, auth: keys.auth }, ...extra },
    });
    expect(res.statusCode, res.body).toBe(200);
    return keys;
  };

  /** A message as chat sends it to its receiver, on the receiver's real-time stream. */
  const message = (roomId: string, sender: string | null, data: string, over: Partial<Message> = {}): Message =>
    chatMessage({ room_id: roomId, user_id: sender, is_anonymous: sender === null, data, ...over });
  const deliver = async (userId: string, m: Message) => {
    await publishToUser(h.ctx, userId, realtimeEvents.messageCreated, m);
    await h.infra.bus.flush();
    await pushesSettled();
  };
  /** The callee's view of a call in `room`, as calls puts it on their real-time stream. */
  const callView = (room: string, state: CallView['state']): CallView => {
    const now = new Date().toISOString();
    return aCallView({
      id: crypto.randomUUID(),
      room_id: room,
      topic_id: null,
      role: 'callee',
      state,
      offerer: false,
      partner_anonymous: true,
      created_at: now,
      at: now,
    });
  };

  const named = async (name: string) => {
    const u = await h.register(email());
    await h.app.inject({
      method: 'PUT',
      url: '/users',
      headers: h.as(u.caller),
      payload: { user_name: name, gender: '1', age_id: 2, area_id: 14, is_infomation: 1 },
    });
    return u;
  };

  it('subscribes this device, answers the VAPID key, replaces, unsubscribes, and touches only the caller’s', async () => {
    const a = await h.register(email());
    const b = await h.register(email());
    const before = (await h.get('/push', h.as(a.caller))).json().data;
    expect(before).toEqual({ public_key: vapid.publicKey, subscribed: false, show_text: false });

    await subscribe(a, '/a1', { show_text: false });
    expect((await h.get('/push', h.as(a.caller))).json().data).toMatchObject({ subscribed: true, show_text: false });
    await subscribe(a, '/a2');
    expect((await h.get('/push', h.as(a.caller))).json().data).toMatchObject({ subscribed: true, show_text: true });
    await subscribe(b, '/b1');

    // B opting out removes B's device only; A's subscription still receives.
    const out = await h.app.inject({ method: 'DELETE', url: '/push/subscription', headers: h.as(b.caller) });
    expect(out.json().data).toMatchObject({ subscribed: false });
    expect((await h.get('/push', h.as(a.caller))).json().data.subscribed).toBe(true);
    // Twice is fine (a double tap, two tabs).
    expect(
      (await h.app.inject({ method: 'DELETE', url: '/push/subscription', headers: h.as(b.caller) })).statusCode,
    ).toBe(200);

    // The same browser (endpoint) signed in as B now: it leaves A.
    const keys = browserKeys();
    await h.app.inject({
      method: 'PUT',
      url: '/push/subscription',
      headers: h.as(b.caller),
      payload: { endpoint: `${push.base}/a2`, keys: { p256dh: keys.p256dh, auth: keys.auth } },
    });
    expect((await h.get('/push', h.as(a.caller))).json().data.subscribed).toBe(false);
    expect((await h.get('/push', h.as(b.caller))).json().data.subscribed).toBe(true);
  });

  it('refuses endpoints the server must not post to and malformed keys, with the field and a Japanese message', async () => {
    const a = await h.register(email());
    const keys = browserKeys();
    const put = (endpoint: string, k = { p256dh: keys.p256dh, auth: keys.auth }) =>
      h.app.inject({
        method: 'PUT',
        url: '/push/subscription',
        headers: h.as(a.caller),
        payload: { endpoint, keys: k },
      });
    for (const bad of [
      'http://10.0.0.5/push',
      'https://169.254.169.254/latest',
      'https://evil.example.com/fcm.googleapis.com',
      'https://fcm.googleapis.com.evil.example/x',
      'ftp://127.0.0.1/x',
      'not a url',
      'https://user:pw@fcm.googleapis.com/x',
    ]) {
      const res = await put(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json().errors, bad).toEqual({ endpoint: PUSH_MESSAGES.endpointInvalid });
    }
    // Real push services are accepted (nothing is posted at subscribe time).
    expect((await put('https://fcm.googleapis.com/fcm/send/abc:def')).statusCode).toBe(200);
    expect((await put('https://updates.push.services.mozilla.com/wpush/v2/x')).statusCode).toBe(200);

    const short = await put(`${push.base}/x`, { p256dh: keys.p256dh.slice(0, 40), auth: 'AAAA' });
    expect(short.statusCode).toBe(403);
    expect(short.json().errors).toEqual({
      'keys.p256dh': PUSH_MESSAGES.keyInvalid,
      'keys.auth': PUSH_MESSAGES.keyInvalid,
    });
    const shape = await h.app.inject({
      method: 'PUT',
      url: '/push/subscription',
      headers: h.as(a.caller),
      payload: { endpoint: `${push.base}/x` },
    });
    expect(shape.statusCode).toBe(403);
    const anon = await h.app.inject({ method: 'GET', url: '/push' });
    expect(anon.statusCode).toBe(401);
  });

  it('pushes a new message to a user with no socket open, encrypted for their keys, named and with its text', async () => {
    const alice = await named('アリス');
    const bob = await h.register(email());
    const keys = await subscribe(bob, '/bob');
    const room = crypto.randomUUID();
    rooms.set(room, [
      { user_id: alice.user_id, is_anonymous: false },
      { user_id: bob.user_id, is_anonymous: false },
    ]);
    await deliver(bob.user_id, message(room, alice.user_id, 'こんばんは'));
    expect(push.received).toHaveLength(1);
    const r = push.received[0]!;
    expect(r.path).toBe('/bob');
    expect(r.headers.authorization).toMatch(new RegExp(`^vapid t=.+, k=${vapid.publicKey}$`));
    expect(Number(r.headers.ttl)).toBeGreaterThan(0);
    expect(decrypt(r, keys)).toMatchObject({
      kind: 'message',
      title: PUSH_MESSAGES.messageTitleNamed('アリス'),
      body: 'こんばんは',
      url: `/chat/${room}`,
      tag: `room-${room}`,
      room_id: room,
    });

    // The sender's own copy on their stream is not pushed to them.
    await subscribe(alice, '/alice');
    await deliver(alice.user_id, message(room, alice.user_id, 'こんばんは', { is_mine: true }));
    expect(push.received).toHaveLength(1);
  });

  it('pushes nothing while a socket is open, when the toggle is off, or between blocked users', async () => {
    const alice = await named('アリス');
    const bob = await h.register(email());
    await subscribe(bob, '/bob-quiet');
    const room = crypto.randomUUID();
    rooms.set(room, [
      { user_id: alice.user_id, is_anonymous: false },
      { user_id: bob.user_id, is_anonymous: false },
    ]);
    // A gateway instance's mark of an open socket.
    await markSocketsOn(h.ctx.cache, bob.user_id, 'gateway-1');
    await deliver(bob.user_id, message(room, alice.user_id, 'online'));
    expect(push.received).toHaveLength(0);
    await clearSocketsOn(h.ctx.cache, bob.user_id, 'gateway-1');

    // The spec's message-arrival toggle off: no message pushes.
    await h.app.inject({
      method: 'PUT',
      url: '/users/setting',
      headers: h.as(bob.caller),
      payload: { messageRingtone: false },
    });
    await deliver(bob.user_id, message(room, alice.user_id, 'muted'));
    expect(push.received).toHaveLength(0);
    await h.app.inject({
      method: 'PUT',
      url: '/users/setting',
      headers: h.as(bob.caller),
      payload: { messageRingtone: true },
    });

    // Bob blocked Alice: whatever reaches his stream, nothing of hers reaches his lock screen.
    expect((await h.post('/users/block', { id: alice.user_id }, h.as(bob.caller))).json().data).toBe(true);
    await deliver(bob.user_id, message(room, alice.user_id, 'blocked'));
    expect(push.received).toHaveLength(0);
    await h.post('/users/unblock', { id: alice.user_id }, h.as(bob.caller));
    await deliver(bob.user_id, message(room, alice.user_id, 'again'));
    expect(push.received).toHaveLength(1);

    // Where Alice is anonymous, Bob's block of her by name changes nothing: the push comes as it
    // would from anyone else (ADR 0020; a block inside the room is chat's answer, `blocked`).
    const anonymousRoom = crypto.randomUUID();
    rooms.set(anonymousRoom, [
      { user_id: alice.user_id, is_anonymous: true },
      { user_id: bob.user_id, is_anonymous: false },
    ]);
    await h.post('/users/block', { id: alice.user_id }, h.as(bob.caller));
    await deliver(bob.user_id, message(anonymousRoom, alice.user_id, 'anonymous'));
    expect(push.received).toHaveLength(2);
  });

  it('never names an anonymous sender nor shows an anonymous room’s text; previews off hides the text', async () => {
    const alice = await named('アリス');
    const bob = await h.register(email());
    const keys = await subscribe(bob, '/bob-anon');
    const anonRoom = crypto.randomUUID();
    rooms.set(anonRoom, [
      { user_id: alice.user_id, is_anonymous: true },
      { user_id: bob.user_id, is_anonymous: false },
    ]);
    await deliver(bob.user_id, message(anonRoom, null, 'ひみつ'));
    let p = decrypt(push.received.at(-1)!, keys);
    expect(p.title).toBe(PUSH_MESSAGES.messageTitleAnonymous);
    expect(p.body).toBe(PUSH_MESSAGES.messageHidden);
    expect(JSON.stringify(p)).not.toContain('アリス');
    expect(JSON.stringify(p)).not.toContain(alice.user_id);

    // Bob himself hides his name in this room: the named sender's text stays off the lock screen.
    const bobAnon = crypto.randomUUID();
    rooms.set(bobAnon, [
      { user_id: alice.user_id, is_anonymous: false },
      { user_id: bob.user_id, is_anonymous: true },
    ]);
    await deliver(bob.user_id, message(bobAnon, alice.user_id, 'ひみつ2'));
    p = decrypt(push.received.at(-1)!, keys);
    expect(p.body).toBe(PUSH_MESSAGES.messageHidden);

    // This device chose no previews.
    const keys2 = await subscribe(bob, '/bob-anon', { show_text: false });
    const open = crypto.randomUUID();
    rooms.set(open, [
      { user_id: alice.user_id, is_anonymous: false },
      { user_id: bob.user_id, is_anonymous: false },
    ]);
    await deliver(bob.user_id, message(open, alice.user_id, 'preview off'));
    p = decrypt(push.received.at(-1)!, keys2);
    expect(p).toMatchObject({ title: PUSH_MESSAGES.messageTitleNamed('アリス'), body: PUSH_MESSAGES.messageHidden });
  });

  it('pushes an incoming call once while it rings, anonymous callers unnamed, and withdraws it once it stops ringing', async () => {
    const alice = await named('アリス');
    const bob = await h.register(email());
    const keys = await subscribe(bob, '/bob-call');
    const room = crypto.randomUUID();
    rooms.set(room, [
      { user_id: alice.user_id, is_anonymous: true },
      { user_id: bob.user_id, is_anonymous: false },
    ]);
    const view = (state: CallView['state']) => callView(room, state);
    const ringing = view('receiving');
    for (let i = 0; i < 2; i++) await publishToUser(h.ctx, bob.user_id, realtimeEvents.callState, ringing);
    await h.infra.bus.flush();
    await pushesSettled();
    expect(push.received).toHaveLength(1);
    expect(decrypt(push.received[0]!, keys)).toMatchObject({
      kind: 'call',
      title: PUSH_MESSAGES.callTitle,
      body: PUSH_MESSAGES.callBodyAnonymous,
      tag: `call-${ringing.id}`,
      call_id: ringing.id,
      url: `/chat/${room}`,
    });
    expect(push.received[0]!.headers.urgency).toBe('high');

    // It stops ringing (here the caller gave up): one withdrawal with the same tag, names nothing,
    // however many later states follow.
    for (const state of ['end', 'end'] as const)
      await publishToUser(h.ctx, bob.user_id, realtimeEvents.callState, { ...view(state), id: ringing.id });
    await h.infra.bus.flush();
    await pushesSettled();
    expect(push.received).toHaveLength(2);
    expect(decrypt(push.received[1]!, keys)).toEqual({
      kind: 'call_end',
      title: '',
      body: '',
      tag: `call-${ringing.id}`,
      call_id: ringing.id,
      room_id: room,
      url: `/chat/${room}`,
      at: expect.any(String),
    });

    // Answered in the app opened from the notification (a socket is open now): withdrawn all the same.
    const answered = view('receiving');
    await publishToUser(h.ctx, bob.user_id, realtimeEvents.callState, answered);
    await h.infra.bus.flush();
    await pushesSettled();
    expect(push.received).toHaveLength(3);
    await markSocketsOn(h.ctx.cache, bob.user_id, 'gateway-1');
    await publishToUser(h.ctx, bob.user_id, realtimeEvents.callState, { ...view('connecting'), id: answered.id });
    await h.infra.bus.flush();
    await pushesSettled();
    expect(push.received).toHaveLength(4);
    expect(decrypt(push.received[3]!, keys)).toMatchObject({ kind: 'call_end', tag: `call-${answered.id}` });

    // A call that rang while the app was open was never pushed: there is nothing to withdraw.
    const seen = view('receiving');
    await publishToUser(h.ctx, bob.user_id, realtimeEvents.callState, seen);
    await publishToUser(h.ctx, bob.user_id, realtimeEvents.callState, { ...view('refuse'), id: seen.id });
    await h.infra.bus.flush();
    await pushesSettled();
    expect(push.received).toHaveLength(4);
    await clearSocketsOn(h.ctx.cache, bob.user_id, 'gateway-1');
  });

  it('posts a call’s withdrawal only once its ring was answered, from another instance too, and never rings a call already over', async () => {
    const alice = await named('アリス');
    const bob = await h.register(email());
    const keys = await subscribe(bob, '/slow/bob');
    const room = crypto.randomUUID();
    rooms.set(room, [
      { user_id: alice.user_id, is_anonymous: false },
      { user_id: bob.user_id, is_anonymous: false },
    ]);
    // A second accounts instance: its own connections to the same Redis and NATS (in-process there
    // is only ever one instance).
    const other = h.infra.cache.redis
      ? await RedisCache.connect(mode.redisUrl!, h.infra.cache.redis.options.keyPrefix)
      : undefined;
    const elsewhere = other ? { ...h.ctx, cache: other } : h.ctx;
    try {
      // Answered at once: the end is handled on the other instance while the ring's post is still
      // on its way (the push service is slow to answer it).
      const ringing = callView(room, 'receiving');
      const ringArrived = push.nextArrival();
      const ring = pushToUser(h.ctx, bob.user_id, { call: ringing });
      await ringArrived;
      await withdrawCallPush(elsewhere, bob.user_id, { ...callView(room, 'connecting'), id: ringing.id });
      await ring;
      expect(push.order).toEqual(['arrived 0', 'answered 0', 'arrived 1', 'answered 1']);
      expect(push.received.map((r) => decrypt(r, keys).kind)).toEqual(['call', 'call_end']);

      // Over before its ring push began (the end was handled first): neither is posted.
      const brief = callView(room, 'receiving');
      await withdrawCallPush(elsewhere, bob.user_id, { ...callView(room, 'end'), id: brief.id });
      await pushToUser(h.ctx, bob.user_id, { call: brief });
      expect(push.received).toHaveLength(2);

      // Through the stream, side by side in one instance: whichever is handled first, the
      // withdrawal never reaches the push service before the ring is answered.
      const quick = callView(room, 'receiving');
      await publishToUser(h.ctx, bob.user_id, realtimeEvents.callState, quick);
      await publishToUser(h.ctx, bob.user_id, realtimeEvents.callState, { ...callView(room, 'refuse'), id: quick.id });
      await h.infra.bus.flush();
      await pushesSettled();
      const posted = push.order.slice(4);
      expect([[], ['arrived 2', 'answered 2', 'arrived 3', 'answered 3']]).toContainEqual(posted);
    } finally {
      await other?.close();
    }
  });

  it('forgets a subscription the push service says is gone (410), and one whose session ended', async () => {
    const alice = await named('アリス');
    const bob = await h.register(email());
    await subscribe(bob, '/gone/bob');
    const room = crypto.randomUUID();
    rooms.set(room, [
      { user_id: alice.user_id, is_anonymous: false },
      { user_id: bob.user_id, is_anonymous: false },
    ]);
    await deliver(bob.user_id, message(room, alice.user_id, 'one'));
    expect(push.received).toHaveLength(1);
    expect((await h.get('/push', h.as(bob.caller))).json().data.subscribed).toBe(false);
    await deliver(bob.user_id, message(room, alice.user_id, 'two'));
    expect(push.received).toHaveLength(1);

    // Logout takes the device's subscription along.
    await subscribe(bob, '/bob-out');
    expect((await h.post('/logout', {}, h.as(bob.caller))).statusCode).toBe(200);
    await deliver(bob.user_id, message(room, alice.user_id, 'three'));
    expect(push.received).toHaveLength(1);
    const count = await h.sql<{
      n: number;
    }>`select count(*)::int as n from push_subscriptions where user_id = ${bob.user_id}`.execute(h.ctx.db);
    expect(count.rows[0]!.n).toBe(0);
  });

  it('a login on another device ends the old device’s pushes (one device per account)', async () => {
    const alice = await named('アリス');
    const address = email();
    const bob = await h.register(address);
    await subscribe(bob, '/bob-old');
    const room = crypto.randomUUID();
    rooms.set(room, [
      { user_id: alice.user_id, is_anonymous: false },
      { user_id: bob.user_id, is_anonymous: false },
    ]);
    const login = await h.post('/users/login', { email: address, password: 'password123', device_id: 'device-2' });
    expect(login.statusCode).toBe(200);
    await deliver(bob.user_id, message(room, alice.user_id, 'after login'));
    expect(push.received).toHaveLength(0);
  });
});
