import { messages } from '@honne/contracts/messages';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  CODE_FAILURES_PER_HOUR,
  lockSeconds,
  MAIL_PER_ADDRESS_PER_HOUR,
  MAIL_PER_SOURCE_PER_HOUR,
} from '../src/domain/guessing.ts';

import { startHarness, type Harness } from './harness.ts';

describe('lock lengths', () => {
  it('start at 15 minutes and double per lock, up to a day', () => {
    expect([1, 2, 3, 7, 20].map(lockSeconds)).toEqual([900, 1800, 3600, 57_600, 86_400]);
  });
});

// Issue 11: a new reset code restarted the guess count (50 guesses in 0.4 s), and ten wrong
// passwords from anyone locked the real owner out for 15 minutes.
const PER_ADDRESS = 20;

describe.each(infraModes())('guessing secrets ($name)', (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(mode, { loginMaxFailuresPerAddress: PER_ADDRESS });
  });
  afterAll(() => h?.close());
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const login = (email: string, password: string, ip: string) =>
    h.post('/users/login', { email, password, device_id: 'd-1', device_type: 'web' }, from(ip));

  it('caps wrong reset codes per address per hour, however many codes are asked for', async () => {
    const email = 'reset-guess@example.jp';
    await h.register(email);
    let wrongAnswers = 0;
    while (wrongAnswers < CODE_FAILURES_PER_HOUR) {
      await h.post('/users/request_reset_password', { email });
      const code = await h.latestCode(email);
      const guess = code === '000000' ? '000001' : '000000';
      for (let i = 0; i < 5 && wrongAnswers < CODE_FAILURES_PER_HOUR; i++) {
        const res = await h.post('/users/reset_password/verify_code', { email, verify_code: guess });
        if (res.json().errors.verify_code === messages.verifyCodeInvalid) wrongAnswers++;
      }
    }
    await h.post('/users/request_reset_password', { email });
    const right = await h.post('/users/reset_password/verify_code', { email, verify_code: await h.latestCode(email) });
    expect(right.statusCode).toBe(403);
    expect(right.json().errors.verify_code).toBe(messages.verifyCodeTooManyAttempts);
  });

  // Issue 25: 30 reset requests sent 30 mails to one address; phone codes had no cap across codes.
  it('caps reset mail per address, registered or not, with the same answer every time', async () => {
    const known = 'mail-cap-known@example.jp';
    const unknown = 'mail-cap-unknown@example.jp';
    await h.register(known); // its sign-up code is the first mail of the hour to it
    for (const email of [known, unknown]) {
      const answers = new Set<string>();
      for (let i = 0; i < 30; i++) {
        const res = await h.post('/users/request_reset_password', { email }, from(`192.0.2.${i}`));
        expect(res.statusCode).toBe(200);
        answers.add(JSON.stringify(res.json()));
      }
      expect(answers.size).toBe(1);
    }
    const mails = await h.mails();
    expect(mails.filter((m) => m.to === known)).toHaveLength(MAIL_PER_ADDRESS_PER_HOUR);
    expect(mails.filter((m) => m.to === unknown)).toHaveLength(MAIL_PER_ADDRESS_PER_HOUR);
  });

  it('caps the mail one source causes, whatever the addresses', async () => {
    const before = (await h.mails()).length;
    for (let i = 0; i < MAIL_PER_SOURCE_PER_HOUR + 10; i++) {
      const res = await h.post(
        '/users/request_reset_password',
        { email: `spray-${i}@example.jp` },
        from('198.51.100.99'),
      );
      expect(res.statusCode).toBe(200);
    }
    expect((await h.mails()).length - before).toBe(MAIL_PER_SOURCE_PER_HOUR);
    // Another source still gets its mail.
    await h.post('/users/request_reset_password', { email: 'spray-other@example.jp' }, from('198.51.100.100'));
    expect((await h.mails()).filter((m) => m.to === 'spray-other@example.jp')).toHaveLength(1);
  });

  it('caps wrong phone codes per phone per hour, however many codes are sent', async () => {
    const phone = '+819087654321';
    let wrong = 0;
    let sent = 0;
    while (wrong < CODE_FAILURES_PER_HOUR) {
      // New codes from new sources: neither resets the count.
      await h.post('/users/otp', { phone: '090-8765-4321' }, from(`203.0.113.${sent++}`));
      const code = await h.latestCode(phone);
      const guess = code === '000000' ? '000001' : '000000';
      for (let i = 0; i < 4 && wrong < CODE_FAILURES_PER_HOUR; i++) {
        const res = await h.post('/users/otp/verify', { phone, code: guess });
        expect(res.json().errors.code).toBe(messages.otpInvalid);
        wrong++;
      }
    }
    const right = await h.post('/users/otp/verify', { phone, code: await h.latestCode(phone) });
    expect(right.statusCode).toBe(403);
    expect(right.json().errors.code).toBe(messages.verifyCodeTooManyAttempts);
  });

  it('locks out the source that guesses, not the owner signing in from elsewhere', async () => {
    const email = 'owner@example.jp';
    await h.register(email, 'password123');
    for (let i = 0; i < h.ctx.config.loginMaxFailures; i++) {
      expect((await login(email, `wrong-${i}-pass`, '198.51.100.7')).statusCode).toBe(403);
    }
    const attacker = await login(email, 'password123', '198.51.100.7');
    expect(attacker.statusCode).toBe(429);
    expect(attacker.json()).toMatchObject({ code: 'too_many_failures', error: messages.rateLimited });
    expect((await login(email, 'password123', '203.0.113.20')).statusCode).toBe(200);
  });

  it('stops guesses spread over many sources, except from a source the owner signed in from', async () => {
    const email = 'spread@example.jp';
    await h.register(email, 'password123');
    expect((await login(email, 'password123', '203.0.113.30')).statusCode).toBe(200);
    for (let i = 0; i < PER_ADDRESS; i += 5) {
      await Promise.all(Array.from({ length: 5 }, (_, j) => login(email, 'not-the-password', `192.0.2.${i + j}`)));
    }
    expect((await login(email, 'password123', '198.18.0.1')).statusCode).toBe(429);
    expect((await login(email, 'password123', '203.0.113.30')).statusCode).toBe(200);
  });
});
