import { messages } from '@honne/contracts/messages';
import { infraModes } from '@honne/service-kit/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from './harness.ts';

// Inputs an attacker sent that each came back as a 500 (issue 11): every one is now a 4xx in
// the error envelope, and nothing of it is stored.
describe.each(infraModes())('hostile input to accounts ($name)', (mode) => {
  let h: Harness;
  let me: Awaited<ReturnType<Harness['register']>>;
  beforeAll(async () => {
    h = await startHarness(mode);
    me = await h.register('hostile@example.jp');
  });
  afterAll(() => h?.close());

  const send = (method: 'PUT' | 'POST', url: string, payload: string | object) =>
    h.app.inject({
      method,
      url,
      payload,
      headers: { ...h.as(me.caller), 'content-type': 'application/json' },
    });
  const expectValidation = (res: { statusCode: number; json: () => unknown }, field: string) => {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ data: null, code: 'validation', errors: { [field]: messages.invalidInput } });
  };

  it('refuses an empty device update', async () => {
    expectValidation(await send('PUT', '/users/device', {}), 'body');
    expect((await send('PUT', '/users/device', { fcm_token: 'f' })).statusCode).toBe(200);
  });

  it('refuses a NUL or a lone surrogate in any text, value or key', async () => {
    expectValidation(await send('PUT', '/users', { user_name: 'はな\u0000こ' }), 'user_name');
    expectValidation(await send('PUT', '/users', { user_name: 'はな\ud800' }), 'user_name');
    expectValidation(await send('PUT', '/users', '{"userRegisterInfo":{"a\\u0000":1}}'), 'userRegisterInfo');
    expect((await h.get('/users/profile', h.as(me.caller))).json().data.user_name).toBeNull();
  });

  it('refuses a value nested 10,000 levels deep, and a 10 MB free-form one', async () => {
    const deep = `{"userAvatarRegisterInfo":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    expectValidation(await send('PUT', '/users', deep), 'userAvatarRegisterInfo');
    const huge = { userAvatarRegisterInfo: { imageUri: 'x'.repeat(10 * 1024 * 1024) } };
    expectValidation(await send('PUT', '/users', huge), 'userAvatarRegisterInfo');
    const extra = { userAvatarRegisterInfo: { imageUri: '/a.svg', type_image: 'link', blob: 'x' } };
    expectValidation(await send('PUT', '/users', extra), 'userAvatarRegisterInfo');
  });

  it('refuses a PNG with a valid header and garbage after it as an image type error', async () => {
    const good = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const broken = Buffer.concat([good.subarray(0, 33), Buffer.alloc(4000, 0x5a)]);
    const res = await send('PUT', '/users/avatar', {
      type: 1,
      profile_image_data: `data:image/png;base64,${broken.toString('base64')}`,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toEqual({ profile_image_data: messages.imageType });
  });

  it('answers an id that is no UUID as one that names nothing (404), before any query reads it', async () => {
    // These reached PostgreSQL ("invalid input syntax for type uuid"); the schema now stops them.
    const zeros = '0'.repeat(63);
    for (const res of [
      await send('POST', '/users/unblock', { id: zeros }),
      await send('POST', '/users/resend_code', { email: 'a@example.jp', signup_id: zeros }),
      await h.get('/users/not-a-uuid', h.as(me.caller)),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ data: null, code: 'not_found', error: messages.notFound });
    }
  });

  it('answers a path segment over the router’s limit in the envelope', async () => {
    const res = await h.get(`/users/images/${'a'.repeat(300)}`, h.as(me.caller));
    expect(res.statusCode).toBe(414);
    expect(res.json()).toMatchObject({ data: null, status: 414, code: 'bad_request' });
  });

  it('refuses unknown keys in a body instead of ignoring them', async () => {
    expectValidation(await send('POST', '/users/change_user_name', { user_name: 'はな', user_id: 'x' }), 'user_id');
  });
});
