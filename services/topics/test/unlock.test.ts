import { messages } from '@honne/contracts/messages';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { UNLOCK_FAILURES_PER_HOUR, verifyPassword } from '../src/domain/password.ts';

import { startHarness, type Harness, type Person } from './harness.ts';

const STORED = 'scrypt$00112233445566778899aabbccddeeff$' + '00'.repeat(32); // any well-formed hash: the check runs in full

describe('sub-category password check', () => {
  it('runs off the event loop: other callbacks run while it hashes', async () => {
    let ranMeanwhile = false;
    setImmediate(() => (ranMeanwhile = true));
    expect(await verifyPassword('guess', STORED)).toBe(false);
    expect(ranMeanwhile).toBe(true);
  });
});

// Issue 11: guesses at a gated sub-category's password had no cap.
describe.each(infraModes())('unlocking a gated sub-category ($name)', (mode) => {
  let h: Harness;
  let me: Person;
  let other: Person;
  beforeAll(async () => {
    h = await startHarness(mode);
    me = await h.user();
    other = await h.user();
  });
  afterAll(() => h?.close());

  it('stops a user’s guesses after the hourly cap, even the right password, and only theirs', async () => {
    for (let i = 0; i < UNLOCK_FAILURES_PER_HOUR; i++) {
      const wrong = await h.post('/subCategories/33/unlock', { pw: `nope-${i}` }, me);
      expect(wrong.json().errors).toEqual({ pw: messages.subCategoryPasswordWrong });
    }
    const capped = await h.post('/subCategories/33/unlock', { pw: 'himitsu' }, me);
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toMatchObject({ code: 'too_many_failures', errors: { pw: messages.rateLimited } });
    expect((await h.post('/subCategories/33/unlock', { pw: 'himitsu' }, other)).json().data).toMatchObject({
      id: 33,
      is_unlocked: true,
    });
  });
});
