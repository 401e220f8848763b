import { messages } from '@honne/contracts/messages';
import { infraModes, publishRestriction } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness } from './harness.ts';

type Harness = Awaited<ReturnType<typeof startHarness>>;

// Issue 27: a banned person cannot come back on the same address until the ban is lifted, and the
// refusal says no more than that the address cannot be used.
describe.each(infraModes())('sign-up refused for a banned address ($name)', (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(mode);
  });
  afterAll(() => h?.close());

  const signUp = (email: string) =>
    h.post('/users', {
      email,
      confirm_email: email,
      password: 'password123',
      confirm_password: 'password123',
      agree_terms: true,
    });

  it('refuses the address on ban (in any case), keeps it as a keyed hash, and releases it on lift', async () => {
    const address = `banned-${Date.now()}@example.jp`;
    const a = await h.register(address);
    const { email_id } = await h.ctx.db
      .selectFrom('users')
      .select('email_id')
      .where('id', '=', a.user_id)
      .executeTakeFirstOrThrow();
    const restrict = (restriction: 'ban' | 'lift') =>
      publishRestriction(h.infra.bus, h.ctx.db, {
        person_id: email_id,
        user_ids: [a.user_id],
        restriction,
        until: null,
        at: h.clock.now(),
      });
    await restrict('ban');
    const stored = await h.ctx.db
      .selectFrom('banned_addresses')
      .selectAll()
      .where('person_id', '=', email_id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.address_hash).not.toContain('banned-');

    for (const email of [address, address.toUpperCase()]) {
      const refused = await signUp(email);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        error: messages.emailUnavailable,
        errors: { email: 'このメールアドレスはご利用いただけません。' },
      });
    }
    // Someone else signs up as before.
    expect((await signUp(`someone-${Date.now()}@example.jp`)).statusCode).toBe(200);

    h.clock.advance(1000);
    await restrict('lift');
    const again = await signUp(address);
    expect(again.json().errors).toEqual({ email: messages.emailTaken });
  });
});
