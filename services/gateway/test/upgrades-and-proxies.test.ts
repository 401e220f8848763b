import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';

import { messages } from '@honne/contracts';
import { eventually, harnessForSuite, infraModes } from '@honne/service-kit/testing';
import { describe, expect, it } from 'vitest';

import { loadConfig } from '../src/config.ts';

import { Harness, rawConnection } from './helpers.ts';

const upgrade = (path: string, extra = '') =>
  `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n` +
  `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n${extra}\r\n`;

const partialLogin = (extra = '') =>
  `POST /api/v1/users/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n${extra}\r\n{"email":`;

/** An address of the documentation range no other test (or run, on a shared Redis) uses. */
const someClient = () => `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

// Issue 25: every upgrade the gateway did not accept kept its socket open forever, and 64 of them
// locked the address out; behind the compose proxy every client was the proxy.
describe.each(infraModes())('gateway: refused upgrades, trusted proxies ($name)', (mode) => {
  const suite = harnessForSuite(() => Harness.start(mode));

  it('answers and closes every upgrade it refuses: any path, no token, a rate-limited /realtime', async () => {
    const gw = await suite.h.gateway({ rateLimitMax: 3 });
    // (The static frontends are not built in this suite: the shell answers 503.)
    for (const [path, status] of [
      ['/anything', 503],
      ['/api/v1/users/me', 401],
      ['/api/v1/no-such-thing', 404],
    ] as const) {
      const r = await rawConnection(gw.url, upgrade(path));
      suite.h.sockets.push(r.socket);
      await r.closed;
      expect(r.received()).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    }
    // Spend what is left of the general budget (3 a minute).
    while ((await fetch(`${gw.url}/api/v1/users/me`)).status !== 429);
    const limited = await rawConnection(gw.url, upgrade('/api/v1/realtime'));
    suite.h.sockets.push(limited.socket);
    await limited.closed;
    expect(limited.received()).toMatch(/^HTTP\/1\.1 429 /);
    expect(limited.received()).toContain(messages.rateLimited);
  });

  it('does not lock an address out with refused upgrades (more of them than the connection cap)', async () => {
    const gw = await suite.h.gateway({ limits: { maxConnectionsPerClient: 4 } });
    const refused = await Promise.all(Array.from({ length: 12 }, () => rawConnection(gw.url, upgrade('/nowhere'))));
    suite.h.sockets.push(...refused.map((r) => r.socket));
    await Promise.all(refused.map((r) => r.closed));
    await eventually(async () => expect((await fetch(`${gw.url}/api/v1/users/me`)).status).toBe(401));
  });

  it('drops an upgrade neither accepted nor answered in time, and counts it against the cap meanwhile', async () => {
    // An upgrade that claims a body: the gateway waits for it (60 s), the upgrade deadline is 500 ms.
    const gw = await suite.h.gateway({
      limits: { maxConnectionsPerClient: 2, headersTimeoutMs: 500, bodyTimeoutMs: 60_000 },
    });
    const pending = await Promise.all(
      [1, 2].map(() =>
        rawConnection(
          gw.url,
          upgrade('/api/v1/users/login', 'Content-Type: application/json\r\nContent-Length: 1000\r\n').replace(
            /^GET/,
            'POST',
          ),
        ),
      ),
    );
    suite.h.sockets.push(...pending.map((p) => p.socket));
    // Both held: a third connection from the address is refused at once.
    const third = await rawConnection(gw.url, 'GET /api/v1/users/me HTTP/1.1\r\nHost: x\r\n\r\n');
    await third.closed;
    expect(third.received()).toBe('');
    const started = Date.now();
    await Promise.all(pending.map((p) => p.closed));
    expect(Date.now() - started).toBeLessThan(3_000);
    await eventually(async () => expect((await fetch(`${gw.url}/api/v1/users/me`)).status).toBe(401));
  });

  it('reads the client from X-Forwarded-For of a trusted proxy only: rate limits, the cap, what accounts sees', async () => {
    const behind = await suite.h.gateway({
      rateLimitAuthMax: 2,
      trustedProxies: ['127.0.0.1/8', '::1'],
      limits: { maxConnectionsPerClient: 2, bodyTimeoutMs: 60_000 },
    });
    const attacker = someClient();
    const owner = someClient();
    const login = (client: string) =>
      fetch(`${behind.url}/api/v1/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `${client}, 127.0.0.1` },
        body: '{}',
      });
    // nginx appends the peer it saw: the last untrusted hop is the client.
    expect((await login(attacker)).status).toBe(200);
    const seen = suite.h.echoes.accounts.requests.at(-1)!;
    expect(seen.headers['x-forwarded-for']).toBe(attacker);
    expect((await login(attacker)).status).toBe(200);
    expect((await login(attacker)).status).toBe(429);
    // The attacker's limit is the attacker's: the owner behind the same proxy still gets in.
    expect((await login(owner)).status).toBe(200);

    // Connections: two requests held open by one client through the proxy, the third refused; others pass.
    const crowd = someClient();
    const held = await Promise.all(
      [1, 2].map(() => rawConnection(behind.url, partialLogin(`X-Forwarded-For: ${crowd}\r\n`))),
    );
    suite.h.sockets.push(...held.map((s) => s.socket));
    const bodyOf = (client: string) =>
      fetch(`${behind.url}/api/v1/users/me`, { headers: { 'x-forwarded-for': client } });
    await eventually(async () => expect((await bodyOf(crowd)).status).toBe(429));
    expect(await (await bodyOf(crowd)).json()).toMatchObject({ code: 'rate_limited' });
    expect((await bodyOf(owner)).status).toBe(401);
    for (const s of held) s.socket.destroy();
    await eventually(async () => expect((await bodyOf(crowd)).status).toBe(401));
  });

  it('ignores X-Forwarded-For from a peer it does not trust (a client cannot pick its own address)', async () => {
    const direct = await suite.h.gateway({ rateLimitAuthMax: 2, trustedProxies: ['192.0.2.1'] });
    // A loopback address of its own, so the strict limit's count (in Redis when real) is this test's.
    const peer = `127.${randomBytes(3).join('.')}`;
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push(await loginFrom(direct.url, peer, someClient()));
    expect(statuses).toEqual([200, 200, 429]);
    expect(suite.h.echoes.accounts.requests.at(-1)!.headers['x-forwarded-for']).toBe(peer);
  });
});

/** POST /users/login from a given local address, claiming to forward `forwardedFor`. */
function loginFrom(url: string, localAddress: string, forwardedFor: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}/api/v1/users/login`, {
      method: 'POST',
      localAddress,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end('{}');
  });
}

describe('GATEWAY_TRUSTED_PROXIES', () => {
  it('takes addresses, CIDRs and named ranges, and stops the start on anything else', () => {
    expect(loadConfig({ GATEWAY_TRUSTED_PROXIES: 'loopback, 10.0.0.0/8,192.0.2.7' }).trustedProxies).toEqual([
      'loopback',
      '10.0.0.0/8',
      '192.0.2.7',
    ]);
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(() => loadConfig({ GATEWAY_TRUSTED_PROXIES: '10.0.0.0/8,proxy.example' })).toThrow(
      /GATEWAY_TRUSTED_PROXIES.*proxy\.example/s,
    );
  });
});
