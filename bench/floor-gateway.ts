// The chat floor's gateway: a bare `ws` server that forwards each `command` frame as a NATS request
// and pushes NATS-delivered events to the receiver's socket — the stack's hops with none of its code
// (no auth, validation, seq tracking, replay, rate limits or envelopes). See chat-delivery.ts.
import type { AddressInfo } from 'node:net';

import { connect, JSONCodec } from 'nats';
import { WebSocketServer, type WebSocket } from 'ws';

import { answerMeasurements, reply } from './lib/child.ts';

const codec = JSONCodec<Record<string, unknown>>();
const nc = await connect({ servers: process.env.NATS_URL });
const byUser = new Map<string, WebSocket>();

nc.subscribe('floor.deliver', {
  callback: (_err, msg) => {
    const { to, event } = codec.decode(msg.data) as { to: string; event: unknown };
    byUser.get(to)?.send(JSON.stringify(event));
  },
});

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
wss.on('connection', (socket, req) => {
  const user = new URL(req.url ?? '/', 'http://x').searchParams.get('user') ?? '';
  byUser.set(user, socket);
  socket.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as { ref: string; body: Record<string, unknown> };
    nc.request('floor.send', codec.encode({ from: user, ...frame.body }), { timeout: 10_000 }).then(
      (res) =>
        socket.send(JSON.stringify({ type: 'command.result', data: { ref: frame.ref, ...codec.decode(res.data) } })),
      () => socket.send(JSON.stringify({ type: 'command.result', data: { ref: frame.ref, status: 503 } })),
    );
  });
  socket.send('{"type":"hello"}');
});
wss.on('listening', () => reply({ type: 'ready', url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}` }));
answerMeasurements(() => ({ sockets: wss.clients.size }));
process.once('SIGTERM', () => process.exit(0));
