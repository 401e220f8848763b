import { messages } from '@honne/contracts/messages';
import { expect, test } from '@playwright/test';

import { openRealtime, registerViaApi, uniqueEmail } from '../support/api.ts';

test.describe('whole stack through the gateway (embedded defaults)', () => {
  test('sign-up → code by mail → verify → profile with points from the ledger', async ({ request }) => {
    const email = uniqueEmail('api');
    const session = await registerViaApi(request, email);
    expect(session.is_infomation).toBe(0);

    const profile = await request.get('/api/v1/users/profile', {
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(profile.status()).toBe(200);
    expect((await profile.json()).data).toMatchObject({ id: session.user_id, email, userCoin: 0, is_infomation: 0 });

    const anonymous = await request.get('/api/v1/users/profile');
    expect(anonymous.status()).toBe(401);
  });

  test('a login on another device forces the first out: 401 and the forced-logout event on its socket', async ({
    request,
  }) => {
    const email = uniqueEmail('device');
    const first = await registerViaApi(request, email, 'password123', 'laptop');
    const socket = openRealtime(first.access_token);
    await socket.opened();
    await expect.poll(() => socket.frames.map((f) => f.type)).toContain('hello');

    const second = await request.post('/api/v1/users/login', {
      data: { email, password: 'password123', device_type: 'web', device_id: 'phone', fcm_token: '', voip_token: '' },
    });
    expect(second.status()).toBe(200);

    await expect.poll(() => socket.closed()?.code).toBe(4409);
    const forced = socket.frames.find((f) => f.type === 'session.forced_logout');
    expect(forced?.data).toEqual({ message: messages.forcedLogout });

    const old = await request.get('/api/v1/users/profile', {
      headers: { authorization: `Bearer ${first.access_token}` },
    });
    expect(old.status()).toBe(401);
    const fresh = await request.get('/api/v1/users/profile', {
      headers: { authorization: `Bearer ${(await second.json()).data.access_token}` },
    });
    expect(fresh.status()).toBe(200);
  });

  test('serves the OpenAPI document generated from the contracts', async ({ request }) => {
    const doc = await (await request.get('/api/v1/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/users', '/users/verify', '/users/login', '/users/profile', '/logout', '/calls/config']),
    );
  });
});
