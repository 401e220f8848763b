import { messages } from '@honne/contracts/messages';
import { PROFILE_LIMITS } from '@honne/contracts/profile';
import { infraModes } from '@honne/service-kit/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from './harness.ts';

const image = (w: number, h: number, format: 'png' | 'jpeg' | 'gif' = 'png') =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#e8a0a8' } })
    .toFormat(format)
    .toBuffer();

/** The onboarding save as the spec's client sends it: PUT /users as a form (spec §7). */
const fields = {
  user_name: 'フォーム',
  gender: '2',
  gender_id: '2',
  age_id: '3',
  area_id: '14',
  type: '1',
  is_infomation: '1',
  is_first_login: 'false',
  userBloodSettings: {
    bloodType: 'B',
    personality: 'normal',
    sociability: 2,
    degree: 3,
    expression: 4,
    aggression: 5,
    fashion: 1,
  },
  userCharacterSettings: { value: 'グルメ,ヨガ' },
  userSoundSettings: { setting1: 10, setting2: 20, setting3: 30 },
  userCharacterInputWord: '夜遅くの連絡',
  userCharacterInputDetail: 'よろしくお願いします。',
  userAvatarRegisterInfo: { imageUri: 'upload', type_image: 'base64' },
  userCoin: '999',
};

/** The same fields as a form: objects as JSON text, everything else as text. */
function asForm(values: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  return form;
}

/** What the profile says about the saved fields (ids and image names differ per user). */
const stored = (p: Record<string, unknown>) => ({
  user_name: p.user_name,
  gender: p.gender,
  age_id: p.age_id,
  area_id: p.area_id,
  is_infomation: p.is_infomation,
  is_first_login: p.is_first_login,
  userBloodSettings: p.userBloodSettings,
  userCharacterSettings: p.userCharacterSettings,
  userSoundSettings: p.userSoundSettings,
  userCharacterInputWord: p.userCharacterInputWord,
  userCharacterInputDetail: p.userCharacterInputDetail,
  userAvatarRegisterInfo: p.userAvatarRegisterInfo,
  userCoin: p.userCoin,
});

/**
 * The spec's payloads over a real socket: PUT /users as multipart/form-data (the image a file or
 * a base64 field) stores exactly what the JSON shape stores, with the same limits and errors.
 */
describe.each(infraModes())('PUT /users as the spec’s form and as JSON ($name)', (mode) => {
  let h: Harness;
  let base: string;
  beforeAll(async () => {
    h = await startHarness(mode);
    base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => h?.close());

  const send = async (who: { caller: { userId: string; sessionId: string } }, body: FormData | object) => {
    const json = !(body instanceof FormData);
    const res = await fetch(`${base}/users`, {
      method: 'PUT',
      headers: { ...h.as(who.caller), ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(body) : body,
    });
    return { status: res.status, body: (await res.json()) as { data: Record<string, unknown>; errors?: object } };
  };
  const imageBytes = async (url: unknown) => Buffer.from((await h.get(String(url).replace('/api/v1', ''))).rawPayload);

  it('stores the same profile and the same image from a form with a file as from JSON with base64', async () => {
    const png = await image(300, 200);
    const viaForm = await h.register('form-file@example.jp');
    const viaJson = await h.register('form-json@example.jp');

    const form = asForm(fields);
    form.append('profile_image_data', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'avatar.png');
    const a = await send(viaForm, form);
    const b = await send(viaJson, { ...fields, profile_image_data: `data:image/png;base64,${png.toString('base64')}` });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);

    const profileA = (await h.get('/users/profile', h.as(viaForm.caller))).json().data;
    const profileB = (await h.get('/users/profile', h.as(viaJson.caller))).json().data;
    expect(stored(profileA)).toEqual(stored(profileB));
    expect(stored(profileA)).toMatchObject({
      user_name: 'フォーム',
      gender: '2',
      age_id: 3,
      area_id: 14,
      is_infomation: 1,
      userBloodSettings: fields.userBloodSettings,
      userCharacterSettings: fields.userCharacterSettings,
      userCoin: 0,
    });
    const [imgA, imgB] = await Promise.all([imageBytes(profileA.profile_image), imageBytes(profileB.profile_image)]);
    expect(await sharp(imgA).metadata()).toMatchObject({ format: 'jpeg', width: 110, height: 110 });
    expect(imgA.equals(imgB)).toBe(true);
  });

  it('takes profile_image_data as a base64 form field too (the spec: a file or a base64 field)', async () => {
    const me = await h.register('form-base64@example.jp');
    const form = asForm({
      user_name: 'ベース',
      profile_image_data: (await image(200, 200, 'jpeg')).toString('base64'),
      type: '3',
    });
    const res = await send(me, form);
    expect(res.status).toBe(200);
    expect(res.body.data.user_name).toBe('ベース');
    expect(await sharp(await imageBytes(res.body.data.profile_image)).metadata()).toMatchObject({ width: 110 });
  });

  it.each([
    ['a GIF', () => image(200, 200, 'gif'), messages.imageType],
    ['a PNG under 110 px', () => image(100, 200), messages.imageTooSmall],
    ['text named .png', async () => Buffer.from('not an image'), messages.imageType],
    ['a file over the size limit', async () => Buffer.alloc(PROFILE_LIMITS.imageMaxBytes + 1, 1), messages.imageType],
  ])('refuses %s with the same error in both shapes', async (_what, make, message) => {
    const me = await h.register(`form-bad-${Math.random().toString(36).slice(2)}@example.jp`);
    const bytes = await make();
    const form = new FormData();
    form.append('type', '1');
    form.append('profile_image_data', new Blob([new Uint8Array(bytes)]), 'x.png');
    const viaForm = await send(me, form);
    const viaJson = await send(me, { type: 1, profile_image_data: bytes.toString('base64') });
    expect(viaForm).toEqual({
      status: 403,
      body: expect.objectContaining({ errors: { profile_image_data: message } }),
    });
    expect(viaJson.status).toBe(403);
    expect(viaJson.body.errors).toEqual(viaForm.body.errors);
  });

  it('checks form fields by the same rules as JSON (text coerced, objects parsed, unknown shapes refused)', async () => {
    const me = await h.register('form-rules@example.jp');
    const tooLong = await send(me, asForm({ user_name: 'あいうえおかきくけこさ', age_id: '9' }));
    expect(tooLong.status).toBe(403);
    expect(tooLong.body.errors).toEqual({ user_name: messages.userNameTooLong, age: messages.ageRequired });
    const notJson = await send(me, asForm({ userBloodSettings: 'A型' }));
    expect(notJson.status).toBe(403);
    expect(notJson.body.errors).toHaveProperty('userBloodSettings');
    const twice = new FormData();
    twice.append('user_name', 'いち');
    twice.append('user_name', 'に');
    expect((await send(me, twice)).body.errors).toEqual({ user_name: messages.invalidInput });
    const strayFile = new FormData();
    strayFile.append('user_name', new Blob(['x']), 'name.txt');
    expect((await send(me, strayFile)).body.errors).toEqual({ user_name: messages.invalidInput });
    // Nothing of the refused forms was stored.
    expect((await h.get('/users/profile', h.as(me.caller))).json().data.user_name).toBeNull();
  });

  it('answers a form sent to an endpoint that takes none with 415, after reading it (no EPIPE)', async () => {
    const me = await h.register('form-415@example.jp');
    const form = new FormData();
    form.append('facebook', 'x'.repeat(2 * 1024 * 1024));
    const res = await fetch(`${base}/users/update_sns`, { method: 'POST', headers: h.as(me.caller), body: form });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { error: string }).error).toBe(messages.invalidInput);
  });

  it('answers a form it cannot read (no boundary) with 400 in the envelope, never a 500', async () => {
    const me = await h.register('form-400@example.jp');
    const res = await fetch(`${base}/users`, {
      method: 'PUT',
      headers: { ...h.as(me.caller), 'content-type': 'multipart/form-data' },
      body: '{"user_name": "はなこ"}',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(messages.invalidInput);
  });
});
