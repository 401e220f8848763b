import { deflateSync, crc32 } from 'node:zlib';

import { parseS3Url, S3Objects } from '@honne/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { conversation, User } from '../support/client.ts';
import { faultSuiteRuns } from '../support/servers.ts';
import { Stack } from '../support/stack.ts';

const real = faultSuiteRuns();

/** A small RGB PNG, made here (the chat screen uploads what the camera gives). */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0xc8)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/** Resolves once `user` has received a live message with this text. */
async function arrival(user: User, data: string, timeoutMs = 15_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  // The faults client records arrivals in an array; checking it each 20 ms bounds the wait only.
  while (!user.received.some((m) => m.data === data)) {
    if (performance.now() > deadline) throw new Error(`"${data}" did not arrive within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

// What the app is told while a part is down (the shell's banner), and that it is told it is back.
describe.runIf(real)('the gateway tells open sockets when Redis or NATS is down, and when it is back', () => {
  let stack: Stack;
  let a: User;
  let b: User;
  let room: string;

  // Both faults on one stack, one after the other, as they come in life: the Redis blip comes while
  // the services are still reconnecting to NATS (their backoff outlasts the gateway's). A message's
  // event published then was handed to nats.js, which drops what it holds at each reconnect try,
  // after the gateway had already caught up: stored but never delivered live (session 8). The bus
  // now holds such events itself and sends them once it is back.
  beforeAll(async () => {
    stack = await Stack.start(1);
    [a, b] = [await User.signUp(stack, 'owner'), await User.signUp(stack, 'replier')];
    room = await conversation(a, b);
    await a.connect(stack.gateways[0]!);
  });
  afterAll(async () => {
    a?.stop();
    b?.stop();
    await stack?.close();
  });

  it('NATS down: open sockets hear {down:[bus]}, a socket opened meanwhile hears it after hello; a send is stored and arrives once NATS is back, with {down:[]}', async () => {
    const down = a.nextSystemStatus((s) => s.down.includes('bus'));
    await stack.nats.kill();
    expect(await down).toEqual({ down: ['bus'] });

    // b opens the app during the outage: its socket is told at once.
    const told = new Promise<void>((resolve, reject) => {
      b.connect(stack.gateways[0]!).catch(reject);
      b.nextSystemStatus((s) => s.down.includes('bus')).then(() => resolve(), reject);
    });
    await told;

    // A send over HTTP needs no bus: it is stored now and answered (the chat screen falls back to it).
    const sent = await b.send(room, 'NATSが落ちている間に');
    expect(sent.status).toBeDefined();
    expect(a.received.some((m) => m.data === 'NATSが落ちている間に')).toBe(false);

    // An image too: uploaded and sent over HTTP; with S3_URL (CI) its bytes go to the bucket.
    const image = (await b.call('POST', '/messages/signedFileUrl', {
      room_id: room,
      data: png(40, 30).toString('base64'),
    })) as { id: string; url: string };
    await b.call('POST', '/messages', { room_id: room, message_type_id: 2, data: image.url, client_id: image.id });

    const back = a.nextSystemStatus((s) => s.down.length === 0);
    await stack.nats.start();
    expect(await back).toEqual({ down: [] });
    await arrival(a, 'NATSが落ちている間に');
    await arrival(a, image.url);
    const served = await fetch(`${stack.gatewayUrl()}${image.url}`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8])); // stored as JPEG
    if (process.env.S3_URL) {
      const bucket = new S3Objects(parseS3Url(process.env.S3_URL), 'chat/');
      try {
        expect(await bucket.get(`images/${image.id}`)).toEqual(bytes);
      } finally {
        bucket.close();
      }
    }
    expect(a.received.filter((m) => m.data === 'NATSが落ちている間に')).toHaveLength(1);
    expect((await a.history(room)).filter((m) => m.data === 'NATSが落ちている間に')).toHaveLength(1);
  });

  it('Redis down: open sockets hear {down:[cache]}; a send retried through the outage is stored once and arrives once Redis is back, with {down:[]}', async () => {
    const down = a.nextSystemStatus((s) => s.down.includes('cache'));
    await stack.redis.kill();
    expect(await down).toEqual({ down: ['cache'] });

    // The app retries with the same client_id (the chat screen keeps it and resends on recovery).
    const sending = b.send(room, 'Redisが落ちている間に');
    const back = a.nextSystemStatus((s) => s.down.length === 0);
    await stack.redis.start();
    expect(await back).toEqual({ down: [] });
    await sending;
    await arrival(a, 'Redisが落ちている間に');
    expect(a.received.filter((m) => m.data === 'Redisが落ちている間に')).toHaveLength(1);
    expect((await b.history(room)).filter((m) => m.data === 'Redisが落ちている間に')).toHaveLength(1);
  });
});
