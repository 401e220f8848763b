import { messages } from '@honne/contracts/messages';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from './harness.ts';

const valid = (email: string, over: Record<string, unknown> = {}) => ({
  email,
  confirm_email: email,
  password: 'password123',
  confirm_password: 'password123',
  agree_terms: true,
  ...over,
});

describe.each(infraModes())('sign-up and verification ($name)', (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(mode);
  });
  afterAll(() => h?.close());

  it.each([
    ['email missing', { email: '', confirm_email: '' }, 'email', messages.emailRequired],
    [
      'email over 100 characters',
      { email: `${'a'.repeat(96)}@x.jp`, confirm_email: `${'a'.repeat(96)}@x.jp` },
      'email',
      messages.emailTooLong,
    ],
    ['email without domain', { email: 'taro@', confirm_email: 'taro@' }, 'email', messages.emailFormat],
    ['email with an emoji', { email: '😀@example.jp', confirm_email: '😀@example.jp' }, 'email', messages.emailFormat],
    [
      'email with full-width letters',
      { email: 'ｔａｒｏ@example.jp', confirm_email: 'ｔａｒｏ@example.jp' },
      'email',
      messages.emailFormat,
    ],
    [
      'email confirmation differs',
      { confirm_email: 'other@example.jp' },
      'confirm_email',
      messages.confirmEmailMismatch,
    ],
    ['password missing', { password: '', confirm_password: '' }, 'password', messages.passwordRequired],
    [
      'password of 7 characters',
      { password: 'abcdefg', confirm_password: 'abcdefg' },
      'password',
      messages.passwordLength,
    ],
    [
      'password of 21 characters',
      { password: 'a'.repeat(21), confirm_password: 'a'.repeat(21) },
      'password',
      messages.passwordLength,
    ],
    [
      'password confirmation differs',
      { confirm_password: 'password124' },
      'confirm_password',
      messages.confirmPasswordMismatch,
    ],
    ['terms not agreed', { agree_terms: false }, 'agree_terms', messages.termsRequired],
    ['terms left out', { agree_terms: undefined }, 'agree_terms', messages.termsRequired],
    ['email not a string', { email: { address: 'x' } }, 'email', messages.invalidInput],
  ])('rejects %s with 403 and the field message', async (_name, over, field, message) => {
    const mailsBefore = (await h.mails()).length;
    const res = await h.post('/users', valid('rules@example.jp', over));
    expect(res.statusCode).toBe(403);
    const body = res.json();
    expect(body).toMatchObject({ data: null, status: 403, code: 'validation', last_doc_id: null });
    expect(body.errors[field]).toBe(message);
    expect(await h.mails()).toHaveLength(mailsBefore);
  });

  it('accepts an e-mail of exactly 100 characters and passwords of exactly 8 and 20', async () => {
    const hundred = `${'b'.repeat(95)}@x.jp`;
    expect((await h.post('/users', valid(hundred))).statusCode).toBe(200);
    for (const password of ['abcdefgh', 'a'.repeat(20)]) {
      const email = `len${password.length}@example.jp`;
      const res = await h.post('/users', valid(email, { password, confirm_password: password }));
      expect(res.statusCode).toBe(200);
    }
  });

  it('mails a 6-digit code, verifies it, logs the user in and opens a points account at 0', async () => {
    const email = 'Hanako@Example.jp';
    const signup = await h.post('/users', valid(email));
    expect(signup.statusCode).toBe(200);
    expect(signup.json().data).toMatchObject({ email: 'hanako@example.jp', is_active: 0, verify_code_expires_in: 600 });

    const mails = await h.mails();
    expect(mails.at(-1)).toMatchObject({ to: 'hanako@example.jp', subject: '【honne】認証コードのお知らせ' });
    const code = await h.latestCode(email);
    expect(code).toMatch(/^\d{6}$/);

    const verified = await h.post('/users/verify', {
      email,
      verify_code: code,
      device_id: 'phone-1',
      device_type: 'web',
    });
    expect(verified.statusCode).toBe(200);
    const session = verified.json().data;
    expect(session).toMatchObject({ is_active: 1, is_infomation: 0, expires_in: 3600 });
    const caller = await h.ctx.tokens.verify(session.access_token, h.clock.now());
    expect(caller?.userId).toBe(session.user_id);

    const profile = await h.get('/users/profile', h.as(caller!));
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({
      id: session.user_id,
      email: 'hanako@example.jp',
      email_id: 'hanako@example.jp',
      userCoin: 0,
      is_infomation: 0,
      saved_message_time: 60,
      userSoundSettings: { setting1: 30, setting2: 50, setting3: 40 },
    });
    await h.infra.bus.flush();
    const account = await h.points.ctx.db
      .selectFrom('accounts')
      .selectAll()
      .where('user_id', '=', session.user_id)
      .executeTakeFirst();
    expect(account?.balance).toBe(0);

    const stored = await h.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', session.user_id)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    expect(stored.password_hash).not.toContain('password123');
  });

  it('refuses an address that is already registered, whatever its case, as a field error', async () => {
    await h.register('taken@example.jp');
    const res = await h.post('/users', valid('TAKEN@example.jp'));
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toEqual({ email: messages.emailTaken });
  });

  it('rejects a malformed code, a wrong code, and locks the sign-up after five wrong codes', async () => {
    const email = 'guess@example.jp';
    await h.post('/users', valid(email));
    const code = await h.latestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';

    const malformed = await h.post('/users/verify', { email, verify_code: '12345' });
    expect(malformed.statusCode).toBe(403);
    expect(malformed.json().errors.verify_code).toBe(messages.verifyCodeFormat);

    for (let i = 0; i < 5; i++) {
      const res = await h.post('/users/verify', { email, verify_code: wrong });
      expect(res.json().errors.verify_code).toBe(messages.verifyCodeInvalid);
    }
    const locked = await h.post('/users/verify', { email, verify_code: code });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().errors.verify_code).toBe(messages.verifyCodeTooManyAttempts);

    // A fresh code (resend) works again.
    await h.post('/users/resend_code', { email });
    const fresh = await h.latestCode(email);
    const ok = await h.post('/users/verify', { email, verify_code: fresh, device_id: 'd' });
    expect(ok.statusCode).toBe(200);
  });

  it('expires codes after ten minutes (clock moved, no sleeping)', async () => {
    const email = 'late@example.jp';
    await h.post('/users', valid(email));
    const code = await h.latestCode(email);
    h.clock.advance(601_000);
    const res = await h.post('/users/verify', { email, verify_code: code });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors.verify_code).toBe(messages.verifyCodeExpired);
  });

  it('uses a code once: the second submit says the address is verified', async () => {
    const email = 'once@example.jp';
    await h.post('/users', valid(email));
    const code = await h.latestCode(email);
    const [a, b] = await Promise.all([
      h.post('/users/verify', { email, verify_code: code, device_id: 'x' }),
      h.post('/users/verify', { email, verify_code: code, device_id: 'x' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 403]);
    const again = await h.post('/users/verify', { email, verify_code: code });
    expect(again.json().errors.verify_code).toBe(messages.alreadyVerified);
    const users = await h.ctx.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
  });

  it("binds the password to the sign-up whose code is entered, so a squatter's sign-up cannot set it", async () => {
    const email = 'victim@example.jp';
    const mine = await h.post('/users', valid(email, { password: 'mine-pass-1', confirm_password: 'mine-pass-1' }));
    const myCode = await h.latestCode(email);
    await h.post('/users', valid(email, { password: 'squatter-9', confirm_password: 'squatter-9' }));
    const squatterCode = await h.latestCode(email);
    // With our sign-up id, the squatter's code (also mailed to me) is not accepted.
    if (squatterCode !== myCode) {
      const refused = await h.post('/users/verify', {
        email,
        verify_code: squatterCode,
        signup_id: mine.json().data.signup_id,
      });
      expect(refused.json().errors.verify_code).toBe(messages.verifyCodeInvalid);
    }
    const ok = await h.post('/users/verify', {
      email,
      verify_code: myCode,
      signup_id: mine.json().data.signup_id,
      device_id: 'v',
    });
    expect(ok.statusCode).toBe(200);
    const login = await h.post('/users/login', { email, password: 'squatter-9', device_id: 'v' });
    expect(login.statusCode).toBe(403);
    const mineLogin = await h.post('/users/login', { email, password: 'mine-pass-1', device_id: 'v' });
    expect(mineLogin.statusCode).toBe(200);
  });

  it('answers resend_code the same way for unknown addresses, without mailing', async () => {
    const before = (await h.mails()).length;
    const res = await h.post('/users/resend_code', { email: 'nobody@example.jp' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: 'nobody@example.jp', is_active: 0 });
    expect(await h.mails()).toHaveLength(before);
  });
});
