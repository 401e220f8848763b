import { messages } from '@honne/contracts/messages';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CODE_FAILURES_PER_HOUR, lockSeconds } from '../src/domain/guessing.ts';

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
