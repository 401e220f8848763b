import { events } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { infraModes } from '@honne/service-kit/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { png, startHarness, type Harness } from './harness.ts';

const onboarding = {
  user_name: 'はなこ',
  gender: '2',
  age_id: 3,
  area_id: 14,
  is_infomation: 1,
  userBloodSettings: {
    bloodType: 'A',
    personality: 'bright',
    sociability: 4,
    degree: 3,
    expression: 5,
    aggression: 2,
    fashion: 1,
  },
  userCharacterSettings: { value: 'グルメ,温泉めぐり,カフェめぐり' },
  userSoundSettings: { setting1: 30, setting2: 50, setting3: 40 },
};

describe.each(infraModes())('profile, onboarding and reference data ($name)', (mode) => {
  let h: Harness;
  let me: Awaited<ReturnType<Harness['register']>>;
  const updates: { user_id: string; user_name: string | null }[] = [];
  beforeAll(async () => {
    h = await startHarness(mode);
    h.infra.bus.subscribe(events.userProfileUpdated, (e) => void updates.push(e));
    me = await h.register('profile@example.jp');
  });
  afterAll(() => h?.close());
  const put = (payload: object) => h.app.inject({ method: 'PUT', url: '/users', payload, headers: h.as(me.caller) });

  it('lists all 47 prefectures after 全国 (id 1), with no placeholder, and the six age bands', async () => {
    const areas = (await h.get('/areas')).json().data as { id: number; name: string }[];
    expect(areas).toHaveLength(48);
    expect(areas[0]).toEqual({ id: 1, name: '全国' });
    expect(areas[1]).toEqual({ id: 2, name: '北海道' });
    expect(areas.at(-1)).toEqual({ id: 48, name: '沖縄県' });
    expect(areas.map((a) => a.name)).toEqual(expect.arrayContaining(['徳島県', '香川県', '愛媛県', '高知県']));
    expect(areas.some((a) => a.id === 0 || a.name.includes('四国'))).toBe(false);
    expect((await h.get('/age')).json().data.map((a: { name: string }) => a.name)).toEqual([
      '10代',
      '20代',
      '30代',
      '40代',
      '50代',
      '60代以上',
    ]);
  });

  it('serves the default avatars as SVG, 75 male and 76 female', async () => {
    const res = await h.get('/users/avatars/female/76.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect((await h.get('/users/avatars/male/76.svg')).statusCode).toBe(404);
    expect((await h.get('/users/avatars/robot/1.svg')).statusCode).toBe(404);
  });

  it.each([
    ['an empty user name', { user_name: ' ' }, 'user_name', messages.userNameRequired],
    ['an 11-character user name', { user_name: 'あいうえおかきくけこさ' }, 'user_name', messages.userNameTooLong],
    ['an unknown gender', { gender: '9' }, 'gender', messages.genderRequired],
    ['an unknown age band', { age_id: 7 }, 'age', messages.ageRequired],
    ['the all-areas id as a home area', { area_id: 1 }, 'area', messages.areaRequired],
    ['a rating of 6', { userBloodSettings: { sociability: 6 } }, 'sociability', messages.ratingRange],
    ['an unknown blood type', { userBloodSettings: { bloodType: 'C' } }, 'bloodType', messages.invalidChoice],
    [
      'a tag not in the list',
      { userCharacterSettings: { value: 'グルメ,宇宙旅行' } },
      'userCharacterSettings',
      messages.invalidChoice,
    ],
    [
      'a ban list of 101 characters',
      { userCharacterInputWord: 'あ'.repeat(101) },
      'userCharacterInputWord',
      messages.banTextTooLong,
    ],
    [
      'a self PR of 501 characters',
      { userCharacterInputDetail: 'あ'.repeat(501) },
      'userCharacterInputDetail',
      messages.prTextTooLong,
    ],
    [
      'completing onboarding without the basics',
      { is_infomation: 1, user_name: 'たろう' },
      'gender',
      messages.genderRequired,
    ],
  ])('rejects %s with a 403 field error', async (_n, payload, field, message) => {
    const res = await put(payload);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[field]).toBe(message);
  });

  it('completes onboarding with a default avatar, and the profile shows every part', async () => {
    const res = await put({ ...onboarding, type: 2, profile_image_data: '/api/v1/users/avatars/female/7.svg' });
    expect(res.statusCode).toBe(200);
    const profile = (await h.get('/users/profile', h.as(me.caller))).json().data;
    expect(profile).toMatchObject({
      user_name: 'はなこ',
      gender: '2',
      age: { name: '30代' },
      area: { name: '東京都' },
      is_infomation: 1,
      profile_image: '/api/v1/users/avatars/female/7.svg',
      userBloodSettings: onboarding.userBloodSettings,
      userCharacterSettings: { value: 'グルメ,温泉めぐり,カフェめぐり' },
      // No filter saved yet: the filter screen starts from everyone, not from the user's own gender and age.
      history: { age_id: null, gender: null, user_status: 0 },
    });
    await h.infra.bus.flush();
    await expect.poll(() => updates.some((u) => u.user_id === me.user_id && u.user_name === 'はなこ')).toBe(true);
  });

  it('accepts exactly 10 characters, 100-character ban lists and 500-character PRs', async () => {
    const res = await put({
      user_name: 'あいうえおかきくけこ',
      userCharacterInputWord: 'い'.repeat(100),
      userCharacterInputDetail: 'う'.repeat(500),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      user_name: 'あいうえおかきくけこ',
      userCharacterInputWord: 'い'.repeat(100),
    });
  });

  it('screens names and profile texts (issue 28): a listed word in a name is refused, texts are masked or refused', async () => {
    const named = await put({ user_name: 'ボケ太郎' });
    expect(named.statusCode).toBe(403);
    expect(named.json().errors).toEqual({ user_name: messages.textRefused });
    const threat = await put({ userCharacterInputDetail: 'ころすぞ' });
    expect(threat.json().errors).toEqual({ userCharacterInputDetail: messages.textRefused });
    const masked = await put({
      userCharacterInputWord: 'ブスって言う人',
      userCharacterInputDetail: 'ピンボケ写真が趣味',
    });
    expect(masked.statusCode).toBe(200);
    expect(masked.json().data).toMatchObject({
      userCharacterInputWord: '＊＊って言う人',
      userCharacterInputDetail: 'ピンボケ写真が趣味',
    });
  });

  it('stores an uploaded image as a 110×110 JPEG made on the server, served by its link', async () => {
    const res = await put({ type: 1, profile_image_data: await png(300, 200) });
    expect(res.statusCode).toBe(200);
    const link = res.json().data.profile_image as string;
    expect(link).toMatch(/^\/api\/v1\/users\/images\/[0-9a-f-]{36}\.jpg$/);
    const image = await h.get(link.replace('/api/v1', ''));
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 110, height: 110 });
  });

  it('checks uploads by content: too small, not an image, or a GIF are refused', async () => {
    const small = await put({ type: 1, profile_image_data: await png(109, 300) });
    expect(small.json().errors.profile_image_data).toBe(messages.imageTooSmall);
    const fake = await put({
      type: 3,
      profile_image_data: `data:image/png;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`,
    });
    expect(fake.json().errors.profile_image_data).toBe(messages.imageType);
    const gif = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const gifRes = await put({ type: 1, profile_image_data: `data:image/png;base64,${gif.toString('base64')}` });
    expect(gifRes.json().errors.profile_image_data).toBe(messages.imageType);
    const foreign = await put({ type: 2, profile_image_data: 'https://evil.example/a.svg' });
    expect(foreign.statusCode).toBe(403);
  });

  it('changes the avatar with a square crop resized to 375', async () => {
    const res = await h.app.inject({
      method: 'PUT',
      url: '/users/avatar',
      headers: h.as(me.caller),
      payload: { type: 1, profile_image_data: await png(800, 600), crop: { x: 100, y: 50, size: 500 } },
    });
    expect(res.statusCode).toBe(200);
    const image = await h.get((res.json().data.profile_image as string).replace('/api/v1', ''));
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 375, height: 375 });
  });

  it('ignores a userCoin sent by the client: points only change through the ledger', async () => {
    await put({ userCoin: 999999 });
    expect((await h.get('/users/profile', h.as(me.caller))).json().data.userCoin).toBe(0);
  });

  it('changes the user name with the 10-character rule and announces it', async () => {
    const renamed: string[] = [];
    h.infra.bus.subscribe(events.userRenamed, (e) => void renamed.push(e.user_name));
    const long = await h.post('/users/change_user_name', { user_name: 'あ'.repeat(11) }, h.as(me.caller));
    expect(long.json().errors.user_name).toBe(messages.userNameTooLong);
    const res = await h.app.inject({
      method: 'PUT',
      url: '/users/change_user_name',
      headers: h.as(me.caller),
      payload: { user_name: 'はなこ2' },
    });
    expect(res.json().data).toEqual({ user_name: 'はなこ2', roomIds: [] });
    await expect.poll(() => renamed).toContain('はなこ2');
  });

  it('saves SNS links, refusing script links and over-long values', async () => {
    const bad = await h.post(
      '/users/update_sns',
      { facebook: 'javascript:alert(1)', twitter: `x${'a'.repeat(255)}` },
      h.as(me.caller),
    );
    expect(bad.statusCode).toBe(403);
    expect(bad.json().errors).toEqual({ facebook: messages.snsInvalid, twitter: messages.snsTooLong });
    const res = await h.post(
      '/users/update_sns',
      { facebook: 'facebook.com/hanako', instagram: 'https://instagram.com/hanako', twitter: '' },
      h.as(me.caller),
    );
    expect(res.json().data).toEqual({
      facebook: 'facebook.com/hanako',
      instagram: 'https://instagram.com/hanako',
      twitter: null,
    });
  });

  it('keeps settings with the 12 retention options (default 60 minutes)', async () => {
    const initial = (await h.get('/users/setting', h.as(me.caller))).json().data;
    expect(initial).toEqual({
      call_volume: 50,
      chat_volume: 50,
      saved_message_time: 60,
      voiceCall: true,
      callRingtone: true,
      messageRingtone: true,
    });
    const bad = await h.app.inject({
      method: 'PUT',
      url: '/users/setting',
      headers: h.as(me.caller),
      payload: { saved_message_time: 61 },
    });
    expect(bad.json().errors.saved_message_time).toBe(messages.retentionInvalid);
    const res = await h.post('/users/setting', { saved_message_time: 4320, voiceCall: false }, h.as(me.caller));
    expect(res.json().data).toMatchObject({ saved_message_time: 4320, voiceCall: false });
    expect((await h.get('/users/profile', h.as(me.caller))).json().data.saved_message_time).toBe(4320);
  });

  it('shows another user only their public card, never their e-mail', async () => {
    const other = await h.register('other-card@example.jp');
    const res = await h.get(`/users/${me.user_id}`, h.as(other.caller));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: me.user_id, is_me: false, facebook: 'facebook.com/hanako' });
    expect(JSON.stringify(res.json())).not.toContain('profile@example.jp');
    expect((await h.get('/users/00000000-0000-0000-0000-000000000000', h.as(other.caller))).statusCode).toBe(404);
  });

  it('reports the device and the server time', async () => {
    const put = await h.app.inject({
      method: 'PUT',
      url: '/users/device',
      headers: h.as(me.caller),
      payload: { fcm_token: 'f1' },
    });
    expect(put.json().data).toMatchObject({ device_id: 'device-1', fcm_token: 'f1' });
    const time = (await h.post('/users/timeserver', {}, h.as(me.caller))).json().data;
    expect(time.epoch_ms).toBe(h.clock.now().getTime());
  });
});

describe.each(infraModes())('nullable fields ($name)', (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(mode);
  });
  afterAll(() => h?.close());

  it('accepts null for an unchosen blood type, personality or rating and stores null', async () => {
    const me = await h.register('nulls@example.jp');
    const res = await h.app.inject({
      method: 'PUT',
      url: '/users',
      headers: h.as(me.caller),
      payload: { userBloodSettings: { bloodType: null, personality: null, sociability: null, degree: 3 } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.userBloodSettings).toMatchObject({
      bloodType: null,
      personality: null,
      sociability: null,
      degree: 3,
    });
  });
});
