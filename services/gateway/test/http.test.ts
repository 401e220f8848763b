import { messages } from '@honne/contracts';
import { allEndpoints } from '@honne/contracts/endpoints';
import { events } from '@honne/contracts/events';
import { IDENTITY_HEADERS, ManualClock, NOTICE_TOKEN_TTL_SECONDS, Tokens, serveMetricsOn } from '@honne/service-kit';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { LIVE_TTL_MS } from '../src/auth/token-verifier.ts';

import { bearer, Harness, type StartedGateway } from './helpers.ts';

interface Body {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- upstream answers vary per test
  data: any;
  status: number;
  error: string | null;
  code?: string;
}

describe.each(infraModes())('gateway HTTP ($name)', (mode) => {
  let h: Harness;
  let gw: StartedGateway;
  const call = async (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) => {
    const res = await fetch(`${gw.url}${path}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Body };
  };

  beforeAll(async () => {
    h = await Harness.start(mode);
    gw = await h.gateway();
  });
  afterAll(() => h?.close());

  it('lets a public endpoint through without a token, with the path the service expects', async () => {
    const res = await call(
      'POST',
      '/api/v1/users/login?lang=ja',
      {},
      { email: 'a@example.com', password: 'password1' },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ service: 'accounts', method: 'POST', url: '/users/login?lang=ja' });
    expect(res.body.data.headers[IDENTITY_HEADERS.userId]).toBeUndefined();
    expect(res.body.data.headers[IDENTITY_HEADERS.internalToken]).toBeUndefined();
  });

  it('keeps its metrics off the public port: GET /metrics there and under /api/v1 shows none (issue 29)', async () => {
    for (const path of ['/metrics', '/api/v1/metrics', '/api/v1/../metrics']) {
      const res = await fetch(`${gw.url}${path}`);
      expect(await res.text()).not.toContain('honne_http_requests_total');
    }
    // …and they are there on METRICS_PORT, with this gateway's routes counted by template.
    const server = await serveMetricsOn('127.0.0.1', 0);
    try {
      const { port } = server.address() as { port: number };
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      expect(text).toContain('honne_http_requests_total{service="gateway"');
    } finally {
      server.close();
    }
  });

  it('lets the splash load reference data without a token, passing the owner’s cache header on', async () => {
    for (const [path, service] of [
      ['/api/v1/categories', 'topics'],
      ['/api/v1/subCategories?category_id=1', 'topics'],
      ['/api/v1/subCategories/3', 'topics'],
      ['/api/v1/areas', 'accounts'],
      ['/api/v1/age', 'accounts'],
    ] as const) {
      const res = await call('GET', path);
      expect(res.status, path).toBe(200);
      expect(res.body.data.service, path).toBe(service);
    }
  });

  it('answers 401 with the envelope when a token-required endpoint has no token', async () => {
    const res = await call('GET', '/api/v1/points/balance');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      data: null,
      status: 401,
      error: messages.sessionExpired,
      code: 'unauthorized',
      last_doc_id: null,
    });
  });

  it('requires a token on owned paths the contracts do not list yet', async () => {
    expect((await call('GET', '/api/v1/rooms/r1/messages')).status).toBe(401);
    expect((await call('GET', '/api/v1/threads')).status).toBe(401);
  });

  it('passes the caller on to the real points service', async () => {
    const { userId, token } = await h.login();
    const res = await call('GET', '/api/v1/points/balance', bearer(token));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ user_id: userId, balance: 0, purchased: 0 });
  });

  it('routes no operator path to points or accounts: the points operator API is the console’s (ADR 0034)', async () => {
    const { userId, token } = await h.login();
    for (const [method, url] of [
      ['POST', '/api/v1/admin/points/grants'],
      ['PUT', `/api/v1/admin/users/${userId}/rank`],
    ] as const) {
      const res = await call(method, url, bearer(token), { user_id: userId, amount: 1 });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect(h.echoes.accounts.requests.filter((r) => r.url.startsWith('/admin/'))).toEqual([]);
  });

  it("passes the console's bearer through to safety, which checks it, and the app's /safety paths take the user's token", async () => {
    const { userId, token } = await h.login();
    // An operator's session token is not a user token: the gateway neither checks nor strips it.
    const queue = await call('GET', '/api/v1/admin/safety/queue', bearer('hso_operator-session'));
    expect(queue.status).toBe(200);
    expect(queue.body.data.service).toBe('safety');
    expect((queue.body.data.headers as Record<string, string>).authorization).toBe('Bearer hso_operator-session');
    // A user's token goes no further than the gateway, and brings no identity to a console endpoint.
    const asUser = await call('GET', '/api/v1/admin/safety/queue', bearer(token));
    const seen = asUser.body.data.headers as Record<string, string>;
    expect(seen[IDENTITY_HEADERS.userId]).toBeUndefined();
    // The app's own /safety endpoints are user endpoints: a token is required and the caller passed on.
    expect((await call('GET', '/api/v1/safety/notices')).status).toBe(401);
    const notices = await call('GET', '/api/v1/safety/notices', bearer(token));
    expect((notices.body.data.headers as Record<string, string>)[IDENTITY_HEADERS.userId]).toBe(userId);
  });

  it("holds a restricted sign-in's notice token to the notices, the appeal and お問い合わせ (issue 27)", async () => {
    const userId = `u-restricted-${Date.now()}`;
    const notice = await h.tokens.issue(
      { userId, sessionId: crypto.randomUUID(), scope: 'notices' },
      new Date(),
      NOTICE_TOKEN_TTL_SECONDS,
    );
    const notices = await call('GET', '/api/v1/safety/notices', bearer(notice));
    expect(notices.status).toBe(200);
    expect((notices.body.data.headers as Record<string, string>)[IDENTITY_HEADERS.userId]).toBe(userId);
    const appeal = await call('POST', '/api/v1/safety/notices/n1/appeal', bearer(notice), { content: '誤解です' });
    expect(appeal.status).toBe(200);
    // Every other user endpoint in the contracts refuses it before any service sees it.
    const others = allEndpoints.filter((d) => d.auth === 'user' && !('whileRestricted' in d));
    expect(others.length).toBeGreaterThan(50);
    for (const d of others) {
      const path = `/api/v1${d.url.replace(/:[a-z_]+/g, '00000000-0000-4000-8000-000000000000')}`;
      const refused = await call(d.method, path, bearer(notice), d.method === 'GET' ? undefined : {});
      expect(refused.status, `${d.method} ${d.url}`).toBe(403);
      expect(refused.body).toMatchObject({ code: 'account_restricted', error: messages.accountRestricted });
    }
  });

  it('rejects forged, expired and revoked tokens with 401', async () => {
    const forged = await new Tokens('another-secret-that-is-long-enough-for-hs256', h.infra.cache).issue(
      { userId: 'u1', sessionId: 's-forged' },
      new Date(),
    );
    const expired = await h.tokens.issue(
      { userId: 'u2', sessionId: 's-expired' },
      new Date(Date.now() - 2 * 60 * 60 * 1000),
    );
    const revoked = await h.login();
    expect((await call('GET', '/api/v1/points/balance', bearer(revoked.token))).status).toBe(200);
    // As accounts does on logout or a login elsewhere: end the session, then announce it.
    await h.tokens.revoke(revoked.sessionId);
    await h.infra.bus.publish(events.sessionRevoked, {
      user_id: revoked.userId,
      session_id: revoked.sessionId,
      reason: 'logout',
    });
    await expect
      .poll(async () => (await call('GET', '/api/v1/points/balance', bearer(revoked.token))).status)
      .toBe(401);
    for (const token of [forged, expired, revoked.token, 'not-a-jwt']) {
      const res = await call('GET', '/api/v1/points/balance', bearer(token));
      expect(res.status, token).toBe(401);
      expect(res.body.error).toBe(messages.sessionExpired);
    }
  });

  it('notices a revocation that was never announced within LIVE_TTL_MS', async () => {
    const clock = new ManualClock(new Date());
    const own = await h.gateway({}, { clock });
    const { sessionId, token } = await h.login();
    const status = async () => (await fetch(`${own.url}/api/v1/points/balance`, { headers: bearer(token) })).status;
    expect(await status()).toBe(200);
    await h.tokens.revoke(sessionId);
    clock.advance(LIVE_TTL_MS + 1);
    expect(await status()).toBe(401);
  });

  it('strips identity headers a client sends and sets its own', async () => {
    const { userId, sessionId, token } = await h.login();
    const forgedHeaders = {
      'x-honne-user-id': 'mallory',
      'x-honne-session-id': 'stolen',
      'x-honne-role': 'admin',
      'x-internal-token': 'guess',
    };

    const authed = await call('GET', '/api/v1/categories', { ...bearer(token), ...forgedHeaders });
    expect(authed.body.data.service).toBe('topics');
    const seen = authed.body.data.headers as Record<string, string>;
    expect(seen[IDENTITY_HEADERS.userId]).toBe(userId);
    expect(seen[IDENTITY_HEADERS.sessionId]).toBe(sessionId);
    expect(seen[IDENTITY_HEADERS.internalToken]).toBe('test-internal-token');
    expect(seen['x-honne-role']).toBeUndefined();
    expect(seen.authorization).toBeUndefined();

    const anonymous = await call('POST', '/api/v1/users/login', forgedHeaders, { email: 'a@example.com' });
    const seenAnon = anonymous.body.data.headers as Record<string, string>;
    for (const name of Object.keys(forgedHeaders)) expect(seenAnon[name], name).toBeUndefined();

    // A public endpoint's own Authorization passes (LiveKit signs its webhooks with it); identity does not.
    const hook = await call(
      'POST',
      '/api/v1/users/login',
      { authorization: 'signed-by-livekit', ...forgedHeaders },
      {},
    );
    const seenHook = hook.body.data.headers as Record<string, string>;
    expect(seenHook.authorization).toBe('signed-by-livekit');
    expect(seenHook[IDENTITY_HEADERS.userId]).toBeUndefined();

    // Points trusts identity only with the internal token: a forged user id never reaches it.
    const balance = await call('GET', '/api/v1/points/balance', { ...bearer(token), 'x-honne-user-id': 'mallory' });
    expect(balance.body.data.user_id).toBe(userId);
  });

  it('routes each path to its owner by the routes table', async () => {
    const { token } = await h.login();
    const owner = async (path: string, method = 'GET') => {
      const res = await call(method, path, bearer(token));
      return res.body.data?.service ?? `${res.status}`;
    };
    expect(await owner('/api/v1/users/profile')).toBe('accounts');
    expect(await owner('/api/v1/users/filter')).toBe('topics');
    expect(await owner('/api/v1/users/topics/abc')).toBe('topics');
    expect(await owner('/api/v1/rooms/r1')).toBe('chat');
    expect(await owner('/api/v1/rooms/r1/messages')).toBe('chat');
    expect(await owner('/api/v1/messages')).toBe('chat');
    expect(await owner('/api/v1/rooms/r1/replied', 'PUT')).toBe('chat');
    expect(await owner('/api/v1/rooms/r1/showBonusStatus', 'PUT')).toBe('chat');
    // calls is down in this suite: its paths answer 503, which is how we see they went to calls.
    expect(await owner('/api/v1/rooms/r1/calling', 'POST')).toBe('503');
    expect(await owner('/api/v1/calls/config')).toBe('503');
    // Bonus chat is the room's (chat); gifts are points': points' own 404 envelope for a wrong method.
    expect(await owner('/api/v1/rooms/r1/bonuschat', 'POST')).toBe('chat');
    expect(await owner('/api/v1/rooms/r1/confirmbonuschat', 'POST')).toBe('chat');
    expect((await call('POST', '/api/v1/users/send_coin', bearer(token))).status).toBe(404);
  });

  it('answers unknown /api/v1 paths with the 404 envelope', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await call(method, '/api/v1/no-such-thing');
      expect(res.status, method).toBe(404);
      expect(res.body).toMatchObject({ data: null, status: 404, error: messages.notFound, code: 'not_found' });
    }
  });

  it('answers 503 with the Japanese message when the owning service is down, without hanging', async () => {
    const { token } = await h.login();
    const started = Date.now();
    const res = await call('GET', '/api/v1/calls/config', bearer(token));
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ data: null, status: 503, error: messages.unexpected });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('serves the OpenAPI document generated from the contracts', async () => {
    const res = await fetch(`${gw.url}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON document walked by path
    const doc = (await res.json()) as any;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/api/v1' }]);
    expect(doc.paths['/users/login'].post.security).toEqual([]);
    expect(
      doc.paths['/users/login'].post.requestBody.content['application/json'].schema.properties.email,
    ).toBeDefined();
    expect(doc.paths['/users/profile'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/points/balance'].get.responses['200']).toBeDefined();
    expect(doc.components.securitySchemes.bearerAuth.scheme).toBe('bearer');
    for (const path of Object.keys(doc.paths)) expect(path).not.toContain(':');
    // Links lead the fuzzer's stateful phase from what it made to what reads it, by a real operation.
    const operationIds = new Set(
      Object.values(doc.paths).flatMap((ops) => Object.values(ops as object).map((op) => op.operationId)),
    );
    const fromTheme = doc.paths['/threads'].post.responses['200'].links;
    expect(Object.values(fromTheme)).toContainEqual({
      operationId: doc.paths['/topics/{id}'].post.operationId,
      parameters: { id: '$response.body#/data/id' },
    });
    const fromVoice = Object.values(doc.paths['/topics/{id}'].post.responses['200'].links) as { operationId: string }[];
    expect(fromVoice.map((l) => l.operationId)).toContain(doc.paths['/topics/{id}/heart'].post.operationId);
    for (const link of [...Object.values(fromTheme), ...fromVoice] as { operationId: string }[]) {
      expect(operationIds.has(link.operationId)).toBe(true);
    }
    // What the gateway and the kit answer on their own is documented on every operation.
    expect(Object.keys(doc.paths['/users/filter'].post.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '408', '413', '415', '429', '503', '504']),
    );
    expect(Object.keys(doc.paths['/points/balance'].get.responses)).not.toContain('413');
    expect(doc.paths['/users/filter'].post.requestBody.content['application/json'].schema.additionalProperties).toBe(
      false,
    );
    // The spec's forms are documented beside JSON, the image as a file.
    const form = doc.paths['/users'].put.requestBody.content['multipart/form-data'].schema.properties;
    expect(form.profile_image_data).toEqual({ type: 'string', format: 'binary' });
    expect(form.user_name).toBeDefined();
    expect(
      doc.paths['/messages/signedFileUrl'].post.requestBody.content['multipart/form-data'].schema.properties.data,
    ).toEqual({ type: 'string', format: 'binary' });
    expect(doc.paths['/users/login'].post.requestBody.content['multipart/form-data']).toBeUndefined();
  });

  it('aggregates health: 503 with details while a service is down, 200 when all answer', async () => {
    const degraded = await fetch(`${gw.url}/api/v1/health`);
    expect(degraded.status).toBe(503);
    const body = ((await degraded.json()) as Body).data;
    expect(body.status).toBe('degraded');
    expect(body.checks).toMatchObject({
      cache: 'ok',
      bus: 'ok',
      accounts: 'ok',
      topics: 'ok',
      chat: 'ok',
      points: 'ok',
      calls: 'unreachable',
    });
    expect(body.services.points).toMatchObject({ service: 'points', status: 'ok' });

    const healthy = await h.gateway({ upstreams: { ...h.upstreams, calls: h.echoes.chat.url } });
    const res = await fetch(`${healthy.url}/api/v1/health`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Body).data.status).toBe('ok');
  });
});
