import { messages } from '@honne/contracts';
import { requests } from '@honne/contracts/events';
import { REALTIME_TYPES, type RealtimeCommandResult } from '@honne/contracts/realtime';
import type { Subscription } from '@honne/service-kit';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { Harness, TestSocket, type StartedGateway } from './helpers.ts';

describe.each(infraModes())('gateway socket commands ($name)', (mode) => {
  let h: Harness;
  let gw: StartedGateway;
  let responder: Subscription | undefined;
  const socketUrl = (token: string) => `${gw.wsUrl}/api/v1/realtime?token=${encodeURIComponent(token)}`;

  beforeAll(async () => {
    h = await Harness.start(mode);
    gw = await h.gateway({ rateLimitMax: 5 });
  });
  afterAll(async () => {
    responder?.unsubscribe();
    await h?.close();
  });

  async function openSocket() {
    const { userId, sessionId, token } = await h.login();
    const socket = await TestSocket.open(socketUrl(token));
    expect(await socket.next()).toMatchObject({ type: REALTIME_TYPES.hello });
    return { socket, userId, sessionId };
  }

  async function result(socket: TestSocket): Promise<RealtimeCommandResult> {
    const frame = await socket.next();
    expect(frame.type).toBe(REALTIME_TYPES.commandResult);
    return frame.data as RealtimeCommandResult;
  }

  it('answers a command with what its service said, under the same ref, for the socket’s own caller', async () => {
    responder = h.ctx.bus.respond(
      requests.chatMessageSend,
      async (payload) => ({ status: 200, body: { data: payload, status: 200, error: null, last_doc_id: null } }),
      { queue: 'chat' },
    );
    await h.ctx.bus.flush();
    const { socket, userId, sessionId } = await openSocket();
    // Whatever the client claims, the service hears the caller the token proved.
    socket.send({
      type: 'command',
      ref: 'r-1',
      name: 'message.send',
      body: { data: 'こんにちは', user_id: 'someone-else' },
    });
    const r = await result(socket);
    expect(r).toEqual({
      ref: 'r-1',
      status: 200,
      body: {
        data: { user_id: userId, session_id: sessionId, body: { data: 'こんにちは', user_id: 'someone-else' } },
        status: 200,
        error: null,
        last_doc_id: null,
      },
    });
    await socket.close();
  });

  it('answers 404 for an unknown command and ignores frames without a ref', async () => {
    const { socket } = await openSocket();
    socket.send({ type: 'command', name: 'message.send', body: {} });
    socket.send({ type: 'command', ref: 'r-2', name: 'toString', body: {} });
    const r = await result(socket);
    expect(r).toMatchObject({ ref: 'r-2', status: 404, body: { error: messages.notFound } });
    await socket.close();
  });

  it('limits commands per socket to the per-minute budget (429 with the Japanese message)', async () => {
    const { socket } = await openSocket();
    for (let i = 0; i < 6; i++) socket.send({ type: 'command', ref: `q-${i}`, name: 'message.send', body: {} });
    const frames = await socket.take(6);
    const byRef = new Map(frames.map((f) => [(f.data as RealtimeCommandResult).ref, f.data as RealtimeCommandResult]));
    expect([...byRef.values()].filter((r) => r.status === 200)).toHaveLength(5);
    expect(byRef.get('q-5')).toMatchObject({ status: 429, body: { error: messages.rateLimited } });
    await socket.close();
  });

  it('answers 503 when no service is there to answer', async () => {
    responder?.unsubscribe();
    responder = undefined;
    await h.ctx.bus.flush();
    const { socket } = await openSocket();
    socket.send({ type: 'command', ref: 'r-3', name: 'message.send', body: {} });
    expect(await result(socket)).toMatchObject({ ref: 'r-3', status: 503, body: { error: messages.unexpected } });
    await socket.close();
  });
});

// Issue 11: the budget was per socket, so four sockets sent 1,000 messages in 1.1 s.
describe.each(infraModes())('gateway socket command budget per user ($name)', (mode) => {
  let h: Harness;
  let gw: StartedGateway;
  let responder: Subscription;
  beforeAll(async () => {
    h = await Harness.start(mode);
    gw = await h.gateway({ rateLimitMax: 5 });
    responder = h.ctx.bus.respond(
      requests.chatMessageSend,
      async () => ({ status: 200, body: { data: null, status: 200, error: null, last_doc_id: null } }),
      { queue: 'chat' },
    );
    await h.ctx.bus.flush();
  });
  afterAll(async () => {
    responder?.unsubscribe();
    await h?.close();
  });

  it('shares the budget among all of a user’s sockets', async () => {
    const { token } = await h.login();
    const url = `${gw.wsUrl}/api/v1/realtime?token=${encodeURIComponent(token)}`;
    const sockets = await Promise.all([1, 2].map(() => TestSocket.open(url)));
    for (const socket of sockets) expect(await socket.next()).toMatchObject({ type: REALTIME_TYPES.hello });
    for (const [n, socket] of sockets.entries())
      for (let i = 0; i < 3; i++) socket.send({ type: 'command', ref: `u-${n}-${i}`, name: 'message.send', body: {} });
    const results = (await Promise.all(sockets.map((s) => s.take(3)))).flat();
    const statuses = results.map((f) => (f.data as RealtimeCommandResult).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    await Promise.all(sockets.map((s) => s.close()));
  });
});
