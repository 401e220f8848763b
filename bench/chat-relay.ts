// The reference: a bare `ws` relay in one process. A client sends {to, data}; the server forwards
// the frame to the sockets of `to`. No auth, no database, no bus: the floor for a relayed message.
import type { AddressInfo } from 'node:net';

import { WebSocketServer, type WebSocket } from 'ws';

import { answerMeasurements, reply } from './lib/child.ts';

const byUser = new Map<string, WebSocket>();
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
wss.on('connection', (socket, req) => {
  const user = new URL(req.url ?? '/', 'http://x').searchParams.get('user') ?? '';
  byUser.set(user, socket);
  socket.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as { to: string; data: unknown };
    byUser.get(frame.to)?.send(JSON.stringify({ type: 'message.created', data: frame.data }));
  });
  socket.send('{"type":"hello"}');
});
wss.on('listening', () => reply({ type: 'ready', url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}` }));
answerMeasurements(() => ({ sockets: wss.clients.size }));
process.once('SIGTERM', () => process.exit(0));
