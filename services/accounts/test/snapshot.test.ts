import { requests } from '@honne/contracts/events';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from './harness.ts';

describe.each(infraModes())('accounts.snapshot.existing: which users a rebuild may keep ($name)', (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(mode);
  });
  afterAll(() => h?.close());

  const existing = (user_ids: string[]) => h.infra.bus.request(requests.accountsUsersExisting, { user_ids });

  it('answers the users accounts has, in the order asked; a deleted, unknown or malformed id is not one', async () => {
    const [kept, leaving] = [await h.register('kept@example.jp'), await h.register('leaving@example.jp')];
    expect((await h.post('/users/deleteUser', {}, h.as(leaving.caller))).statusCode).toBe(200);

    const unknown = '00000000-0000-4000-8000-000000000000';
    const asked = [unknown, leaving.user_id, kept.user_id, 'house:issued', kept.user_id.toUpperCase()];
    // The upper-case spelling is the same uuid: never called missing for its letters' case.
    expect(await existing(asked)).toEqual({ existing: [kept.user_id, kept.user_id.toUpperCase()] });
    expect(await existing(['house:issued'])).toEqual({ existing: [] });
  });

  it('is bounded and validated like the other requests: 1 to 500 ids, refused before it is sent', async () => {
    const ids = Array.from({ length: 501 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    await expect(existing(ids)).rejects.toThrow('invalid payload for accounts.snapshot.existing');
    await expect(existing([])).rejects.toThrow('invalid payload for accounts.snapshot.existing');
    expect(await existing(ids.slice(0, 500))).toEqual({ existing: [] });
  });
});
