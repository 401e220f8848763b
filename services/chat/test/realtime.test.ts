import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { CHAT_REALTIME_TYPES, type Message } from '@honne/contracts/chat';
import { messages } from '@honne/contracts/messages';
import { createService as createGateway, type GatewayConfig, type RunningGateway } from '@honne/gateway';
import { Tokens } from '@honne/service-kit';
import { infraModes, testConfig } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';

import { makeImage, startHarness, type Harness, type Person } from './harness.ts';

interface Frame {
  type: string;
  seq?: number;
  data?: unknown;
}

/** A real-time client: frames queue up in arrival order. */
class Client {
  readonly frames: Frame[] = [];
  readonly closed: Promise<void>;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => this.frames.push(JSON.parse(raw.toString()) as Frame));
    this.closed = new Promise((resolve) => ws.on('close', () => resolve()));
  }
  static open(url: string): Promise<Client> {
    const client = new Client(new WebSocket(url));
    return new Promise((resolve, reject) => {
      client.ws.once('open', () => resolve(client));
      client.ws.once('error', reject);
    });
  }
  async until(pred: (frames: Frame[]) => boolean, timeoutMs = 10_000): Promise<Frame[]> {
    const deadline = Date.now() + timeoutMs;
    while (!pred(this.frames)) {
      if (Date.now() > deadline)
        throw new Error(`timed out with ${this.frames.length} frames: ${JSON.stringify(this.frames.slice(-3))}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return this.frames;
  }
  close(): Promise<void> {
    this.ws.close();
    return this.closed;
  }
}

const chatFrames = (frames: Frame[]) => frames.filter((f) => f.type === CHAT_REALTIME_TYPES.messageCreated);

/**
 * Through the real gateway: tokens on the shared cache, the gateway's socket and proxy, chat
 * listening on a free port, both on the suite's bus.
 */
describe.each(infraModes())('real-time delivery through the gateway ($name)', (mode) => {
  let h: Harness;
  let gw: RunningGateway;
  let base: string;
  let tokens: Tokens;
  let sender: Person & { token: string };
  let receiver: Person & { token: string };
  let roomId: string;

  const socketUrl = (token: string, since?: number) =>
    `${base.replace(/^http/, 'ws')}/api/v1/realtime?token=${encodeURIComponent(token)}${since === undefined ? '' : `&since=${since}`}`;
  const sendVia = async (who: { token: string }, body: object): Promise<Message> => {
    const res = await fetch(`${base}/api/v1/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ room_id: roomId, message_type_id: 1, ...body }),
    });
    const json = (await res.json()) as { data: Message };
    if (res.status !== 200) throw new Error(`send failed ${res.status}: ${JSON.stringify(json)}`);
    return json.data;
  };

  beforeAll(async () => {
    h = await startHarness(mode);
    const chatUrl = await h.app.listen({ host: '127.0.0.1', port: 0 });
    const config: GatewayConfig = {
      ...testConfig('gateway', mode),
      upstreams: {
        accounts: 'http://127.0.0.1:9',
        topics: 'http://127.0.0.1:9',
        chat: chatUrl,
        calls: 'http://127.0.0.1:9',
        points: 'http://127.0.0.1:9',
        safety: 'http://127.0.0.1:9',
      },
      staticDir: mkdtempSync(path.join(os.tmpdir(), 'honne-chat-static-')),
      rateLimitMax: 100_000,
      rateLimitAuthMax: 100_000,
      heartbeatMs: 30_000,
    };
    gw = await createGateway(config, { bus: h.infra.bus, cache: h.infra.cache });
    base = await gw.app.listen({ host: '127.0.0.1', port: 0 });
    tokens = new Tokens(config.jwtSecret, h.infra.cache);
    const login = async (p: Person) => ({
      ...p,
      token: await tokens.issue({ userId: p.userId, sessionId: p.sessionId }, new Date()),
    });
    sender = await login(await h.user());
    receiver = await login(await h.user());
    roomId = await h.topicRoom(receiver, h.voice(sender));
  });
  afterAll(async () => {
    await gw?.close();
    await h?.close();
  });

  it('needs a token at the gateway, except for an image by its unguessable URL', async () => {
    const res = await fetch(`${base}/api/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    const png = await makeImage(40, 30);
    const up = await fetch(`${base}/api/v1/messages/signedFileUrl`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ room_id: roomId, data: png.toString('base64') }),
    });
    const { url } = ((await up.json()) as { data: { url: string } }).data;
    const img = await fetch(`${base}${url}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
  });

  it('takes the spec’s multipart signedFileUrl (id, message_type_id, data, roomId, size) through the gateway, storing what JSON stores', async () => {
    const png = await makeImage(1600, 900);
    const form = new FormData();
    form.append('id', sender.userId);
    form.append('message_type_id', '2');
    form.append('data', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    form.append('roomId', roomId);
    form.append('size', JSON.stringify({ width: 1600, height: 900 }));
    const auth = { authorization: `Bearer ${sender.token}` };
    const viaForm = await fetch(`${base}/api/v1/messages/signedFileUrl`, { method: 'POST', headers: auth, body: form });
    const viaJson = await fetch(`${base}/api/v1/messages/signedFileUrl`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ room_id: roomId, message_type_id: 2, data: png.toString('base64') }),
    });
    expect([viaForm.status, viaJson.status]).toEqual([200, 200]);
    const a = ((await viaForm.json()) as { data: { url: string; size: object } }).data;
    const b = ((await viaJson.json()) as { data: { url: string; size: object } }).data;
    expect(a.size).toEqual({ width: 1080, height: 608 });
    expect(a.size).toEqual(b.size);
    const [imgA, imgB] = await Promise.all(
      [a.url, b.url].map(async (u) => Buffer.from(await (await fetch(`${base}${u}`)).arrayBuffer())),
    );
    expect(imgA!.equals(imgB!)).toBe(true);
    // Sent as a message, the form's upload is an image message like any other.
    expect(await sendVia(sender, { message_type_id: 2, data: a.url })).toMatchObject({
      message_type_id: 2,
      data: a.url,
    });

    // The same content checks and errors: a GIF, or no room at all.
    const gif = new FormData();
    gif.append('roomId', roomId);
    gif.append('data', new Blob([new Uint8Array(Buffer.from('GIF89a not really'))]), 'x.gif');
    const refused = await fetch(`${base}/api/v1/messages/signedFileUrl`, { method: 'POST', headers: auth, body: gif });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { errors: object }).errors).toEqual({ data: messages.imageType });
    const noRoom = new FormData();
    noRoom.append('data', new Blob([new Uint8Array(png)]), 'x.png');
    const lost = await fetch(`${base}/api/v1/messages/signedFileUrl`, { method: 'POST', headers: auth, body: noRoom });
    expect(((await lost.json()) as { errors: object }).errors).toEqual({ room_id: messages.invalidInput });
  });

  it('answers a large form refused at the gateway (no token) with 401, not a broken pipe', async () => {
    const form = new FormData();
    form.append('data', new Blob([new Uint8Array(Buffer.alloc(6 * 1024 * 1024, 7))]), 'big.png');
    form.append('roomId', roomId);
    const res = await fetch(`${base}/api/v1/messages/signedFileUrl`, { method: 'POST', body: form });
    expect(res.status).toBe(401);
  });

  it('a receiver whose socket drops while 200 messages are sent gets all 200 exactly once and in order after reconnecting', async () => {
    const first = await Client.open(socketUrl(receiver.token));
    await first.until((f) => f.some((x) => x.type === 'hello'));
    const warmup = await sendVia(sender, { data: 'はじめ' });
    const [live] = chatFrames(await first.until((f) => chatFrames(f).length === 1));
    expect((live!.data as Message).id).toBe(warmup.id);
    const lastSeq = live!.seq!;
    await first.close();

    const sent: string[] = [];
    for (let i = 0; i < 200; i++) sent.push((await sendVia(sender, { data: `メッセージ${i}` })).id);

    const second = await Client.open(socketUrl(receiver.token, lastSeq));
    await second.until((f) => chatFrames(f).length >= 200);
    // Anything late or doubled would show up within this pause.
    await new Promise((r) => setTimeout(r, 300));
    const got = chatFrames(second.frames);
    expect(got.map((f) => (f.data as Message).id)).toEqual(sent);
    expect(got.map((f) => f.seq)).toEqual(Array.from({ length: 200 }, (_, i) => lastSeq + 1 + i));
    expect(got.map((f) => (f.data as Message).data)).toEqual(sent.map((_, i) => `メッセージ${i}`));
    await second.close();
  });

  it('delivers live messages and read marks both ways, and nothing of a blocked sender reaches the blocker’s socket', async () => {
    const rx = await Client.open(socketUrl(receiver.token));
    const tx = await Client.open(socketUrl(sender.token));
    await Promise.all([
      rx.until((f) => f.some((x) => x.type === 'hello')),
      tx.until((f) => f.some((x) => x.type === 'hello')),
    ]);
    const m = await sendVia(sender, { data: 'ライブ' });
    await rx.until((f) => chatFrames(f).some((x) => (x.data as Message).id === m.id));
    const read = await fetch(`${base}/api/v1/rooms/${roomId}/read`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${receiver.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(read.status).toBe(200);
    await tx.until((f) =>
      f.some((x) => x.type === CHAT_REALTIME_TYPES.messageRead && (x.data as { ids: string[] }).ids.includes(m.id)),
    );

    await h.block(receiver, sender);
    const before = rx.frames.length;
    const refused = await sendVia(sender, { data: 'ブロックされた' });
    expect(refused.status).toBe('refused');
    const after = await sendVia(receiver, { data: 'まだ届く' });
    await tx.until((f) => chatFrames(f).some((x) => (x.data as Message).id === after.id));
    await new Promise((r) => setTimeout(r, 200));
    expect(JSON.stringify(rx.frames.slice(before))).not.toContain('ブロックされた');
    await rx.close();
    await tx.close();
  });
});
