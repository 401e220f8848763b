// Opens the idle real-time connections, in its own process so their memory is not the server's.
import { readFileSync } from 'node:fs';

import { WebSocket } from 'ws';

import { reply } from './child.ts';

const sockets: WebSocket[] = [];

async function open(url: string, count: number, tokens: string[]): Promise<{ open: number; failed: number }> {
  let failed = 0;
  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const target = tokens.length ? `${url}/api/v1/realtime?token=${tokens[i]}` : url;
      const ws = new WebSocket(target, { perMessageDeflate: false });
      // Ready once the server has said hello: the connection is then fully set up on its side.
      ws.once('message', () => resolve());
      ws.once('error', () => {
        failed++;
        resolve();
      });
      ws.once('close', () => resolve());
      sockets.push(ws);
    });
  const BATCH = 250;
  for (let i = 0; i < count; i += BATCH) {
    await Promise.all(Array.from({ length: Math.min(BATCH, count - i) }, (_, j) => one(i + j)));
  }
  return { open: sockets.filter((s) => s.readyState === WebSocket.OPEN).length, failed };
}

process.on('message', (msg: { type: string; url: string; count: number; tokensFile?: string }) => {
  if (msg.type !== 'open') return;
  const tokens = msg.tokensFile ? readFileSync(msg.tokensFile, 'utf8').split('\n') : [];
  void open(msg.url, msg.count, tokens).then((r) => reply({ type: 'open', ...r }));
});
reply({ type: 'ready' });
process.once('SIGTERM', () => {
  for (const s of sockets) s.terminate();
  process.exit(0);
});
