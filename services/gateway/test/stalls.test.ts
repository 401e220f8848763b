import { request as httpRequest } from 'node:http';

import { messages } from '@honne/contracts';
import { eventually, harnessForSuite, infraModes } from '@honne/service-kit/testing';
import { describe, expect, it } from 'vitest';

import { Harness, rawConnection, type StartedGateway } from './helpers.ts';

const partialBody = (path: string) =>
  `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":`;

/** A request through node:http, which (unlike fetch) lets a test send `Expect: 100-continue`. */
function post(
  url: string,
  body: Buffer,
  headers: Record<string, string>,
): Promise<{ status: number; continued: boolean; json: { code?: string; data?: unknown } }> {
  return new Promise((resolve, reject) => {
    let continued = false;
    const req = httpRequest(`${url}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(body.length), ...headers },
    });
    req.on('continue', () => {
      continued = true;
      req.end(body);
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, continued, json: JSON.parse(text) }));
    });
    req.on('error', reject);
    if (!headers.expect) req.end(body);
    else req.flushHeaders();
  });
}

// Issue 11: slow or stalled clients took accounts down through the gateway, a large upload was
// a 503, and curl's `Expect: 100-continue` broke every upload over 1 MB.
describe.each(infraModes())('gateway under stalled and oversized requests ($name)', (mode) => {
  const suite = harnessForSuite(() => Harness.start(mode));

  it('keeps accounts answering while 130 clients stall halfway through a body', async () => {
    const gw: StartedGateway = await suite.h.gateway({ limits: { maxConnectionsPerClient: 0, bodyTimeoutMs: 60_000 } });
    const stalls = await Promise.all(
      Array.from({ length: 130 }, () => rawConnection(gw.url, partialBody('/api/v1/users/login'))),
    );
    suite.h.sockets.push(...stalls.map((s) => s.socket));
    const started = Date.now();
    const res = await fetch(`${gw.url}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.jp', password: 'password1' }),
      signal: AbortSignal.timeout(5_000),
    });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
    for (const s of stalls) s.socket.destroy();
  });

  it('answers a body that stops arriving with 408, and drops headers that never finish', async () => {
    const gw = await suite.h.gateway({ limits: { bodyTimeoutMs: 300, headersTimeoutMs: 300 } });
    const body = await rawConnection(gw.url, partialBody('/api/v1/users/login'));
    const headers = await rawConnection(gw.url, 'POST /api/v1/users/login HTTP/1.1\r\nHost: x\r\n');
    suite.h.sockets.push(body.socket, headers.socket);
    await body.closed;
    expect(body.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(body.received()).toContain('"code":"request_timeout"');
    await headers.closed;
  });

  it('refuses connections beyond the per-client cap at once', async () => {
    const gw = await suite.h.gateway({ limits: { maxConnectionsPerClient: 3 } });
    const held = await Promise.all([1, 2, 3].map(() => rawConnection(gw.url, '')));
    suite.h.sockets.push(...held.map((s) => s.socket));
    const fourth = await rawConnection(gw.url, 'GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n');
    await fourth.closed;
    expect(fourth.received()).toBe('');
    for (const s of held) s.socket.destroy();
    // Once the server has seen them close, the same client is welcome again.
    const again = await eventually(() =>
      fetch(`${gw.url}/api/v1/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    expect(again.status).toBe(200);
  });

  it('passes an upload sent with Expect: 100-continue, and refuses one over the limit with 413 before it is sent', async () => {
    const gw = await suite.h.gateway();
    const small = Buffer.from(JSON.stringify({ email: 'a@example.jp', password: 'x'.repeat(2_000_000) }));
    const ok = await post(gw.url, small, { expect: '100-continue' });
    expect(ok).toMatchObject({ status: 200, continued: true, json: { data: { service: 'accounts' } } });
    const huge = Buffer.alloc(20 * 1024 * 1024, 0x61);
    const refused = await post(gw.url, huge, { expect: '100-continue' });
    expect(refused).toMatchObject({ status: 413, continued: false, json: { code: 'payload_too_large' } });
  });

  it('shuts down on time while a client stalls halfway through a body', async () => {
    const gw = await suite.h.gateway({ limits: { shutdownGraceMs: 300, bodyTimeoutMs: 60_000 } });
    suite.h.gateways.splice(suite.h.gateways.indexOf(gw), 1);
    const stall = await rawConnection(gw.url, partialBody('/api/v1/users/login'));
    suite.h.sockets.push(stall.socket);
    // The request is under way (its body being read) before the shutdown begins.
    const open = () => new Promise<number>((resolve) => gw.app.server.getConnections((_e, n) => resolve(n)));
    await eventually(async () => expect(await open()).toBeGreaterThan(0));
    const started = Date.now();
    await gw.close();
    expect(Date.now() - started).toBeLessThan(3_000);
    await stall.closed;
  });

  it('answers a 20 MB body with 413, not 503', async () => {
    const gw = await suite.h.gateway();
    const res = await fetch(`${gw.url}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(20 * 1024 * 1024, 0x61),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      status: 413,
      code: 'payload_too_large',
      error: messages.payloadTooLarge,
      data: null,
    });
  });
});
