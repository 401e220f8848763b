import { messages } from '@honne/contracts';
import { events } from '@honne/contracts/events';
import { REALTIME_CLOSE, REALTIME_TYPES } from '@honne/contracts/realtime';
import { hasOpenSocket, metricsText, publishToSession, publishToUser, Tokens } from '@honne/service-kit';
import { eventually, infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { Harness, sleep, TestSocket, type StartedGateway } from './helpers.ts';

/** The gateway's count of balance events written to sockets (its /metrics, METRICS_PORT). */
const balanceEventsWritten = async () =>
  Number(
    /^honne_realtime_events_written_total\{type="points\.balance_changed",via="user"\} (\d+)$/m.exec(
      await metricsText(),
    )?.[1] ?? 0,
  );

describe.each(infraModes())('gateway real-time socket ($name)', (mode) => {
  let h: Harness;
  let gw: StartedGateway;
  const socketUrl = (token: string, since?: number) =>
    `${gw.wsUrl}/api/v1/realtime?token=${encodeURIComponent(token)}${since === undefined ? '' : `&since=${since}`}`;

  beforeAll(async () => {
    h = await Harness.start(mode);
    gw = await h.gateway();
  });
  afterAll(() => h?.close());

  it("closes with 4401 for a missing, forged, expired or revoked token, and for a restricted sign-in's notice token", async () => {
    const forged = await new Tokens('another-secret-that-is-long-enough-for-hs256', h.infra.cache).issue(
      { userId: 'u', sessionId: 's-rt-forged' },
      new Date(),
    );
    const expired = await h.tokens.issue(
      { userId: 'u', sessionId: 's-rt-expired' },
      new Date(Date.now() - 2 * 3600_000),
    );
    const revoked = await h.login();
    await h.tokens.revoke(revoked.sessionId);
    const notice = await h.tokens.issue({ userId: 'u', sessionId: 's-rt-notice', scope: 'notices' }, new Date());
    for (const url of [
      socketUrl(notice),
      `${gw.wsUrl}/api/v1/realtime`,
      socketUrl(forged),
      socketUrl(expired),
      socketUrl(revoked.token),
      socketUrl('garbage'),
    ]) {
      const socket = await TestSocket.open(url);
      expect((await socket.closed).code, url).toBe(REALTIME_CLOSE.unauthorized);
      expect(socket.frames).toEqual([]);
    }
  });

  it('says hello with the current seq, then delivers events in order with their seq', async () => {
    const { userId, token } = await h.login();
    await publishToUser(h.ctx, userId, 'before', {});
    const socket = await TestSocket.open(socketUrl(token));
    const hello = await socket.next();
    expect(hello).toMatchObject({ type: REALTIME_TYPES.hello, data: { seq: 1 } });
    const writtenBefore = await balanceEventsWritten();
    for (let i = 0; i < 20; i++) await publishToUser(h.ctx, userId, REALTIME_TYPES.pointsChanged, { i });
    const frames = await socket.take(20);
    // Issue 29: socket writes are counted by event type, not by user.
    expect((await balanceEventsWritten()) - writtenBefore).toBe(20);
    expect(frames.map((f) => f.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    expect(frames.map((f) => (f.data as { i: number }).i)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(frames[0]).toMatchObject({ type: REALTIME_TYPES.pointsChanged, at: expect.any(String) });
    await socket.close();
  });

  it('keeps a user to the socket cap: the oldest makes way with 4408, the newer ones stay', async () => {
    const capped = await h.gateway({ limits: { maxSocketsPerUser: 2 } });
    const { token } = await h.login();
    const url = `${capped.wsUrl}/api/v1/realtime?token=${encodeURIComponent(token)}`;
    const first = await TestSocket.open(url);
    expect(await first.next()).toMatchObject({ type: REALTIME_TYPES.hello });
    const second = await TestSocket.open(url);
    expect(await second.next()).toMatchObject({ type: REALTIME_TYPES.hello });
    const third = await TestSocket.open(url);
    expect(await third.next()).toMatchObject({ type: REALTIME_TYPES.hello });
    expect((await first.closed).code).toBe(REALTIME_CLOSE.replaced);
    expect(capped.hub.size).toBe(2);
    for (const socket of [second, third]) {
      socket.send({ type: 'ping' });
      expect(await socket.next()).toMatchObject({ type: 'pong' });
      await socket.close();
    }
  });

  it('marks a user online in the shared cache from their first socket until their last one closes (web push reads it)', async () => {
    const { userId, token } = await h.login();
    expect(await hasOpenSocket(h.infra, userId)).toBe(false);
    const one = await TestSocket.open(socketUrl(token));
    expect(await one.next()).toMatchObject({ type: REALTIME_TYPES.hello });
    await eventually(async () => expect(await hasOpenSocket(h.infra, userId)).toBe(true));
    const two = await TestSocket.open(socketUrl(token));
    expect(await two.next()).toMatchObject({ type: REALTIME_TYPES.hello });
    const open = gw.hub.size;
    await one.close();
    await eventually(() => expect(gw.hub.size).toBe(open - 1));
    expect(await hasOpenSocket(h.infra, userId)).toBe(true);
    await two.close();
    await eventually(async () => expect(await hasOpenSocket(h.infra, userId)).toBe(false));
  });

  it('answers ping with pong', async () => {
    const { token } = await h.login();
    const socket = await TestSocket.open(socketUrl(token));
    await socket.next();
    socket.send({ type: 'ping' });
    expect(await socket.next()).toMatchObject({ type: 'pong' });
    await socket.close();
  });

  it('after a disconnect, replays each missed event exactly once and in order, merged with live ones', async () => {
    const { userId, token } = await h.login();
    const first = await TestSocket.open(socketUrl(token));
    await first.next();
    for (let i = 0; i < 3; i++) await publishToUser(h.ctx, userId, 'message.created', { n: i });
    const seen = await first.take(3);
    const lastSeq = seen.at(-1)!.seq!;
    expect(lastSeq).toBe(3);
    await first.close();

    for (let i = 0; i < 200; i++) await publishToUser(h.ctx, userId, 'message.created', { n: 3 + i });

    const second = await TestSocket.open(socketUrl(token, lastSeq));
    // 50 more while the replay is being read and sent.
    const live = (async () => {
      for (let i = 0; i < 50; i++) await publishToUser(h.ctx, userId, 'message.created', { n: 203 + i });
    })();
    const hello = await second.next();
    expect(hello.type).toBe(REALTIME_TYPES.hello);
    expect(hello.data).toEqual({ seq: expect.any(Number) });
    await live;
    const frames = await second.take(250, 10_000);
    expect(frames.map((f) => f.seq)).toEqual(Array.from({ length: 250 }, (_, i) => i + 4));
    expect(frames.map((f) => (f.data as { n: number }).n)).toEqual(Array.from({ length: 250 }, (_, i) => i + 3));
    await sleep(150);
    expect(second.frames).toEqual([]);

    // A resume frame on an open socket replays again from where the client says.
    second.send({ type: 'resume', since: 250 });
    const again = await second.take(3);
    expect(again.map((f) => f.seq)).toEqual([251, 252, 253]);
    await second.close();
  });

  it('delivers session-scoped events only to that session', async () => {
    const userId = `user-${Date.now()}`;
    const a = await h.login(userId, `${userId}-a`);
    const b = await h.login(userId, `${userId}-b`);
    const socketA = await TestSocket.open(socketUrl(a.token));
    const socketB = await TestSocket.open(socketUrl(b.token));
    await socketA.next();
    await socketB.next();
    await publishToSession(h.ctx, userId, a.sessionId, 'call.signal', { to: 'a' });
    await publishToUser(h.ctx, userId, 'friend.added', {});
    expect((await socketA.take(2)).map((f) => f.type)).toEqual(['call.signal', 'friend.added']);
    expect((await socketB.take(1)).map((f) => f.type)).toEqual(['friend.added']);
    await socketA.close();
    await socketB.close();
  });

  it('forces the older session out on a login from another device (4409 with the message)', async () => {
    const userId = `user-${Date.now()}-forced`;
    const older = await h.login(userId, `${userId}-old`);
    const newer = await h.login(userId, `${userId}-new`);
    const oldSocket = await TestSocket.open(socketUrl(older.token));
    const newSocket = await TestSocket.open(socketUrl(newer.token));
    await oldSocket.next();
    await newSocket.next();

    await h.infra.bus.publish(events.sessionRevoked, {
      user_id: userId,
      session_id: older.sessionId,
      reason: 'other_device',
    });
    expect(await oldSocket.next()).toMatchObject({
      type: REALTIME_TYPES.forcedLogout,
      data: { message: messages.forcedLogout },
    });
    expect((await oldSocket.closed).code).toBe(REALTIME_CLOSE.forcedLogout);

    // The newer session's socket stays and keeps receiving.
    await publishToUser(h.ctx, userId, 'still.here', {});
    expect((await newSocket.next()).type).toBe('still.here');

    await h.infra.bus.publish(events.sessionRevoked, {
      user_id: userId,
      session_id: newer.sessionId,
      reason: 'logout',
    });
    expect((await newSocket.closed).code).toBe(REALTIME_CLOSE.unauthorized);
    expect(newSocket.frames).toEqual([]);
  });

  it('closes sockets with 1001 when the gateway shuts down', async () => {
    const own = await h.gateway();
    const { token } = await h.login();
    const socket = await TestSocket.open(`${own.wsUrl}/api/v1/realtime?token=${token}`);
    await socket.next();
    expect(own.hub.size).toBe(1);
    await own.close();
    h.gateways.splice(h.gateways.indexOf(own), 1);
    expect((await socket.closed).code).toBe(1001);
  });
});

describe.each(infraModes())('gateway real-time heartbeat ($name)', (mode) => {
  let h: Harness;
  let gw: StartedGateway;

  beforeAll(async () => {
    h = await Harness.start(mode);
    gw = await h.gateway({ heartbeatMs: 300 });
  });
  afterAll(() => h?.close());

  it('drops a socket that stopped answering pings and keeps the ones that answer', async () => {
    const open = async () => {
      const { token } = await h.login();
      const socket = await TestSocket.open(`${gw.wsUrl}/api/v1/realtime?token=${encodeURIComponent(token)}`);
      await socket.next();
      return socket;
    };
    const silent = await open();
    const live = await open();
    // The client's TCP socket stops reading: pings pile up unanswered, as with a phone gone out of range.
    const raw = (silent.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    raw.pause();
    await eventually(() => expect(gw.hub.size).toBe(1), 3000);
    raw.resume();
    expect((await silent.closed).code).toBe(1006);
    // The live one answered every round and still gets frames.
    live.send({ type: 'ping' });
    expect(await live.next()).toMatchObject({ type: 'pong' });
    await live.close();
  });
});
