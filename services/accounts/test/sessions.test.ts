import { events } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { IDENTITY_HEADERS } from '@honne/service-kit';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from './harness.ts';

type Revoked = { user_id: string; session_id: string; reason: string };

describe.each(infraModes())('login, devices and logout ($name)', (mode) => {
  let h: Harness;
  const revoked: Revoked[] = [];
  beforeAll(async () => {
    h = await startHarness(mode, { loginMaxFailures: 4 });
    h.infra.bus.subscribe(events.sessionRevoked, (e) => {
      revoked.push(e);
    });
  });
  afterAll(() => h?.close());

  /** Waits until the bus has delivered a revocation of this session (no sleeping). */
  async function revocationOf(sessionId: string): Promise<Revoked> {
    for (;;) {
      await h.infra.bus.flush();
      const found = revoked.find((r) => r.session_id === sessionId);
      if (found) return found;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it.each([
    ['e-mail missing', { email: '', password: 'password123' }, 'email', messages.emailRequired],
    ['e-mail over 100', { email: `${'a'.repeat(96)}@x.jp`, password: 'password123' }, 'email', messages.emailTooLong],
    ['e-mail malformed', { email: 'not-an-email', password: 'password123' }, 'email', messages.emailFormat],
    ['password missing', { email: 'a@b.jp', password: '' }, 'password', messages.passwordRequired],
    ['password too short', { email: 'a@b.jp', password: 'short' }, 'password', messages.passwordLength],
    ['password too long', { email: 'a@b.jp', password: 'x'.repeat(21) }, 'password', messages.passwordLength],
  ])('rejects %s with a 403 field error', async (_n, body, field, message) => {
    const res = await h.post('/users/login', body);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[field]).toBe(message);
  });

  it('gives the same message for a wrong password and an unknown e-mail', async () => {
    await h.register('login@example.jp', 'password123');
    const wrong = await h.post('/users/login', { email: 'login@example.jp', password: 'password124', device_id: 'a' });
    const unknown = await h.post('/users/login', {
      email: 'nobody@example.jp',
      password: 'password123',
      device_id: 'a',
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'login_failed', error: messages.loginFailed, data: null });
    }
  });

  it('logs in with access_token and is_infomation, and no token_firebase (docs/adr/0004)', async () => {
    const res = await h.post('/users/login', {
      email: 'LOGIN@example.jp',
      password: 'password123',
      device_type: 'web',
      device_id: 'a',
      fcm_token: '',
      voip_token: '',
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ is_infomation: 0, expires_in: 3600 });
    expect(data).not.toHaveProperty('token_firebase');
    expect(await h.ctx.tokens.verify(data.access_token, h.clock.now())).toBeTruthy();
  });

  it('keeps one device per user: a login elsewhere ends the older session and announces it', async () => {
    const first = await h.register('one-device@example.jp', 'password123', 'laptop');
    const second = await h.post('/users/login', {
      email: 'one-device@example.jp',
      password: 'password123',
      device_id: 'phone',
    });
    expect(second.statusCode).toBe(200);

    expect(await h.ctx.tokens.verify(first.access_token, h.clock.now())).toBeUndefined();
    expect(await h.ctx.tokens.verify(second.json().data.access_token, h.clock.now())).toBeTruthy();
    expect(await revocationOf(first.caller.sessionId)).toMatchObject({
      user_id: first.user_id,
      reason: 'other_device',
    });

    const sessions = await h.ctx.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', first.user_id)
      .orderBy('created_at')
      .execute();
    expect(sessions.map((s) => [s.device_id, s.revoked_reason])).toEqual([
      ['laptop', 'other_device'],
      ['phone', null],
    ]);
  });

  it('ends an older session of the same device quietly (reason replaced)', async () => {
    const first = await h.register('same-device@example.jp', 'password123', 'tablet');
    await h.post('/users/login', { email: 'same-device@example.jp', password: 'password123', device_id: 'tablet' });
    expect(await revocationOf(first.caller.sessionId)).toMatchObject({ reason: 'replaced' });
  });

  it('lets only one of two simultaneous logins from different devices stay live', async () => {
    await h.register('race@example.jp', 'password123', 'd0');
    const logins = await Promise.all(
      ['d1', 'd2'].map((device_id) =>
        h.post('/users/login', { email: 'race@example.jp', password: 'password123', device_id }),
      ),
    );
    const live = await Promise.all(logins.map((r) => h.ctx.tokens.verify(r.json().data.access_token, h.clock.now())));
    expect(live.filter(Boolean)).toHaveLength(1);
  });

  it('logs out: the token stops working and the session is announced as ended', async () => {
    const s = await h.register('logout@example.jp');
    const res = await h.post('/logout', {}, h.as(s.caller));
    expect(res.statusCode).toBe(200);
    expect(await h.ctx.tokens.verify(s.access_token, h.clock.now())).toBeUndefined();
    expect(await revocationOf(s.caller.sessionId)).toMatchObject({ reason: 'logout' });
    const refresh = await h.post('/users/refresh_token', {}, h.as(s.caller));
    expect(refresh.statusCode).toBe(401);
  });

  it('refreshes a live session with a new token for the same session', async () => {
    const s = await h.register('refresh@example.jp');
    const res = await h.post('/users/refresh_token', {}, h.as(s.caller));
    expect(res.statusCode).toBe(200);
    const caller = await h.ctx.tokens.verify(res.json().data.access_token, h.clock.now());
    expect(caller).toEqual(s.caller);
  });

  it('answers 401 without the gateway identity, or with a forged internal token', async () => {
    const s = await h.register('who@example.jp');
    expect((await h.get('/users/profile')).statusCode).toBe(401);
    const forged = await h.get('/users/profile', {
      ...h.as(s.caller),
      [IDENTITY_HEADERS.internalToken]: 'forged-token-xxxxxxx',
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ status: 401, data: null, code: 'unauthorized' });
  });

  it('refuses further logins for an address after repeated failures', async () => {
    await h.register('brute@example.jp', 'password123');
    for (let i = 0; i < 4; i++) {
      expect(
        (await h.post('/users/login', { email: 'brute@example.jp', password: `wrong-${i}-pass` })).statusCode,
      ).toBe(403);
    }
    const blocked = await h.post('/users/login', { email: 'brute@example.jp', password: 'password123' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe(messages.rateLimited);
  });

  it('answers the envelope with 404 for unknown paths and reports health', async () => {
    const missing = await h.get('/no/such/path');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 404, code: 'not_found', data: null });
    const health = await h.get('/health');
    expect(health.statusCode).toBe(200);
    expect(health.json().data).toMatchObject({
      service: 'accounts',
      status: 'ok',
      checks: { db: 'ok', cache: 'ok', bus: 'ok' },
    });
  });
});
