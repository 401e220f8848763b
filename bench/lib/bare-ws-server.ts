// A bare `ws` server: the floor a real-time connection cannot go below in Node.
import type { AddressInfo } from 'node:net';

import { WebSocketServer } from 'ws';

import { answerMeasurements, reply } from './child.ts';

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
wss.on('connection', (socket) => socket.send('{"type":"hello"}'));
wss.on('listening', () => reply({ type: 'ready', url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}` }));
answerMeasurements(() => ({ sockets: wss.clients.size }));
process.once('SIGTERM', () => process.exit(0));
