import { events } from '@honne/contracts/events';
import { messages, subCharactersExist } from '@honne/contracts/messages';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from './harness.ts';

describe.each(infraModes())('passwords, characters, deletion and phone codes ($name)', (mode) => {
  let h: Harness;
  const deleted: string[] = [];
  beforeAll(async () => {
    h = await startHarness(mode);
    h.infra.bus.subscribe(events.userDeleted, (e) => void deleted.push(e.user_id));
  });
  afterAll(() => h?.close());

  it('changes the password after checking the current one', async () => {
    const me = await h.register('change@example.jp', 'password123');
    const cases: [object, string, string][] = [
      [
        { password: 'wrong-pass', new_password: 'newpass123', confirm_new_password: 'newpass123' },
        'password',
        messages.currentPasswordWrong,
      ],
      [
        { password: 'password123', new_password: 'short', confirm_new_password: 'short' },
        'new_password',
        messages.passwordLength,
      ],
      [
        { password: 'password123', new_password: 'newpass123', confirm_new_password: 'newpass124' },
        'confirm_new_password',
        messages.confirmPasswordMismatch,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await h.post('/users/change_password', payload, h.as(me.caller));
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[field]).toBe(message);
    }
    // An empty form flags all three fields, not two of them.
    const empty = await h.post('/users/change_password', {}, h.as(me.caller));
    expect(empty.json().errors).toEqual({
      password: messages.passwordRequired,
      new_password: messages.passwordRequired,
      confirm_new_password: messages.confirmPasswordRequired,
    });
    const ok = await h.post(
      '/users/change_password',
      { password: 'password123', new_password: 'newpass123', confirm_new_password: 'newpass123' },
      h.as(me.caller),
    );
    expect(ok.json().data).toEqual({ message: messages.passwordChanged });
    expect(
      (await h.post('/users/login', { email: 'change@example.jp', password: 'password123', device_id: 'device-1' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await h.post('/users/login', { email: 'change@example.jp', password: 'newpass123', device_id: 'device-1' }))
        .statusCode,
    ).toBe(200);
  });

  it('resets a forgotten password with a mailed code and ends every session', async () => {
    const me = await h.register('forgot@example.jp', 'password123');
    const malformed = await h.post('/users/request_reset_password', { email: 'not-an-email' });
    expect(malformed.json().errors.email).toBe(messages.emailFormat);

    const req = await h.post('/users/request_reset_password', { email: 'Forgot@example.jp' });
    expect(req.json().data).toMatchObject({ email: 'forgot@example.jp', verify_code_expires_in: 600 });
    const code = await h.latestCode('forgot@example.jp');
    const wrong = code === '999999' ? '000000' : '999999';

    expect(
      (await h.post('/users/reset_password/verify_code', { email: 'forgot@example.jp', verify_code: wrong })).json()
        .errors.verify_code,
    ).toBe(messages.verifyCodeInvalid);
    expect(
      (await h.post('/users/reset_password/verify_code', { email: 'forgot@example.jp', verify_code: code })).json()
        .data,
    ).toEqual({ ok: true });
    const reset = (password: string, confirm_password: string) =>
      h.post('/users/reset_password', { email: 'forgot@example.jp', verify_code: code, password, confirm_password });
    const mismatch = await reset('brandnew1', 'brandnew2');
    expect(mismatch.json().errors.confirm_password).toBe(messages.confirmPasswordMismatch);

    const done = await reset('brandnew1', 'brandnew1');
    expect(done.json().data).toEqual({ message: '新パスワードを設定完了しました。' });
    expect(await h.ctx.tokens.verify(me.access_token, h.clock.now())).toBeUndefined();
    const reuse = await reset('another12', 'another12');
    expect(reuse.json().errors.verify_code).toBe(messages.verifyCodeExpired);
    expect(
      (await h.post('/users/login', { email: 'forgot@example.jp', password: 'brandnew1', device_id: 'x' })).statusCode,
    ).toBe(200);
  });

  it('answers a reset for an unknown address the same way, mailing that there is no account', async () => {
    const res = await h.post('/users/request_reset_password', { email: 'ghost@example.jp' });
    expect(res.statusCode).toBe(200);
    const mail = (await h.mails()).filter((m) => m.to === 'ghost@example.jp').at(-1);
    expect(mail?.text).toContain('登録されたアカウントはありません');
  });

  it('holds up to three characters, switches between them, and protects the parent from deletion', async () => {
    const parent = await h.register('family@example.jp');
    const add = () => h.post('/users/add_myusers', {}, h.as(parent.caller));
    expect((await add()).json().data.message).toBe(messages.characterAdded);
    expect((await add()).statusCode).toBe(200);
    const fourth = await add();
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().error).toBe(messages.characterLimit);

    const list = (await h.post('/users/myusers', { email_id: 'someone-else@example.jp' }, h.as(parent.caller))).json()
      .data;
    expect(list).toMatchObject({ email_id: 'family@example.jp', can_add: false });
    expect(
      list.characters.map((c: { is_parent: boolean; is_current: boolean }) => [c.is_parent, c.is_current]),
    ).toEqual([
      [true, true],
      [false, false],
      [false, false],
    ]);

    const second = list.characters[1].id as string;
    const third = list.characters[2].id as string;
    const stranger = await h.register('stranger@example.jp');
    expect((await h.post('/users/switch_character', { id: second }, h.as(stranger.caller))).statusCode).toBe(404);

    const switched = (await h.post('/users/switch_character', { id: second }, h.as(parent.caller))).json().data;
    expect(switched.user_id).toBe(second);
    expect(switched.is_infomation).toBe(0);
    const asSecond = await h.ctx.tokens.verify(switched.access_token, h.clock.now());
    expect(asSecond?.userId).toBe(second);
    expect(await h.ctx.tokens.verify(parent.access_token, h.clock.now())).toBeUndefined();
    const profile = (await h.get('/users/profile', h.as(asSecond!))).json().data;
    expect(profile).toMatchObject({ id: second, email_id: 'family@example.jp', userCoin: 0 });
    // The second character completes its profile; the third stays empty.
    const filled = await h.onboard(asSecond!, 'にばんめ');
    expect(filled.statusCode, filled.body).toBe(200);

    const parentAgain = async () => {
      const relogin = (
        await h.post('/users/login', { email: 'family@example.jp', password: 'password123', device_id: 'device-1' })
      ).json().data;
      return (await h.ctx.tokens.verify(relogin.access_token, h.clock.now()))!;
    };
    // The parent cannot go while a sub-character with a profile exists; an empty one is not counted
    // (walk #28: it could not be deleted on its own without completing its onboarding first).
    const blocked = await h.post('/users/deleteUser', {}, h.as(await parentAgain()));
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toBe(subCharactersExist(1));
    expect(blocked.json().error).toBe('サブキャラクターが1人いるため、削除できません。');

    // A character can be deleted on its own.
    const again = (await h.post('/users/switch_character', { id: second }, h.as(await parentAgain()))).json().data;
    const secondCaller = (await h.ctx.tokens.verify(again.access_token, h.clock.now()))!;
    expect((await h.post('/users/deleteUser', {}, h.as(secondCaller))).json().data).toEqual({ ok: true });
    await expect.poll(() => deleted).toContain(second);
    // Then the parent goes, and the empty character with it: both deletions are announced.
    const last = await h.post('/users/deleteUser', {}, h.as(await parentAgain()));
    expect(last.statusCode, last.body).toBe(200);
    await expect.poll(() => deleted).toEqual(expect.arrayContaining([parent.user_id, third]));
    const left = await h.ctx.db.selectFrom('users').select('id').where('email_id', '=', 'family@example.jp').execute();
    expect(left).toEqual([]);
  });

  it('deletes an account without characters for real and tells every service', async () => {
    const me = await h.register('leaving@example.jp');
    const res = await h.post('/users/deleteUser', {}, h.as(me.caller));
    expect(res.statusCode).toBe(200);
    expect(
      await h.ctx.db.selectFrom('users').select('id').where('id', '=', me.user_id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await h.ctx.tokens.verify(me.access_token, h.clock.now())).toBeUndefined();
    await expect.poll(() => deleted).toContain(me.user_id);
    await expect
      .poll(
        async () =>
          (await h.points.ctx.db.selectFrom('accounts').select('user_id').where('user_id', '=', me.user_id).execute())
            .length,
      )
      .toBe(0);
    expect((await h.post('/users/login', { email: 'leaving@example.jp', password: 'password123' })).statusCode).toBe(
      403,
    );
  });

  it('asks the app for the password again before a deletion, and keeps the spec client’s bodiless request', async () => {
    const me = await h.register('recheck@example.jp', 'password123');
    const wrong = await h.post('/users/deleteUser', { password: 'not-my-pass' }, h.as(me.caller));
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().errors.password).toBe(messages.deletePasswordWrong);
    // Nothing was deleted: the session still works.
    expect(await h.ctx.tokens.verify(me.access_token, h.clock.now())).toBeDefined();
    const right = await h.post('/users/deleteUser', { password: 'password123' }, h.as(me.caller));
    expect(right.statusCode).toBe(200);
    await expect.poll(() => deleted).toContain(me.user_id);
    // The spec's client posts no body at all.
    const other = await h.register('nobody-body@example.jp');
    const bare = await h.app.inject({ method: 'POST', url: '/users/deleteUser', headers: h.as(other.caller) });
    expect(bare.statusCode, bare.body).toBe(200);
  });

  it('sends phone codes with the +81 prefix and checks them (prototype)', async () => {
    expect((await h.post('/users/otp', { phone: '' })).json().errors.phone).toBe(messages.phoneRequired);
    expect((await h.post('/users/otp', { phone: '12' })).json().errors.phone).toBe(messages.phoneInvalid);
    const sent = await h.post('/users/otp', { phone: '090-1234-5678' });
    expect(sent.json().data).toMatchObject({ phone: '+819012345678' });
    const code = await h.latestCode('+819012345678');
    const bad = await h.post('/users/otp/verify', {
      phone: '09012345678',
      code: code === '111111' ? '222222' : '111111',
    });
    expect(bad.json().errors.code).toBe(messages.otpInvalid);
    expect((await h.post('/users/otp/verify', { phone: '09012345678', code })).json().data).toEqual({ ok: true });
  });
});
