import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from './harness.ts';

type Caller = { userId: string; sessionId: string };

// People under 18 are never found by adults in user search, nor adults by them (issue 28, ADR
// 0031): a person is a minor when any of their characters declares the age group 10代.
describe.each(infraModes())('user search keeps minors and adults apart ($name)', (mode) => {
  let h: Harness;
  const tag = Math.random().toString(36).slice(2, 6);

  const named = (email: string, user_name: string, age_id: number): Promise<Caller> =>
    h.registerNamed(email, user_name, { age_id });
  const names = async (me: Caller, keyword: string) =>
    ((await h.post('/users/search', { keyword, per_page: 30 }, h.as(me))).json().data as { user_name: string }[])
      .map((u) => u.user_name)
      .sort();

  let adult: Caller, adult2: Caller, teen: Caller, teen2: Caller;
  beforeAll(async () => {
    h = await startHarness(mode);
    adult = await named(`age-a-${tag}@example.jp`, `おとな${tag}1`, 3);
    adult2 = await named(`age-b-${tag}@example.jp`, `おとな${tag}2`, 2);
    teen = await named(`age-c-${tag}@example.jp`, `じゅうだい${tag}1`, 1);
    teen2 = await named(`age-d-${tag}@example.jp`, `じゅうだい${tag}2`, 1);
    // Four sign-ups on a busy machine (scrypt each) outlast the default minute.
  }, 180_000);
  afterAll(() => h?.close());

  it('an adult finds adults only, a minor finds minors only', async () => {
    expect(await names(adult, `じゅうだい${tag}`)).toEqual([]);
    expect(await names(adult, `おとな${tag}`)).toEqual([`おとな${tag}2`]);
    expect(await names(teen, `おとな${tag}`)).toEqual([]);
    expect(await names(teen, `じゅうだい${tag}`)).toEqual([`じゅうだい${tag}2`]);
    expect(await names(teen2, `じゅうだい${tag}`)).toEqual([`じゅうだい${tag}1`]);
  });

  it('a character declaring 10代 makes the whole person a minor in search', async () => {
    expect(await names(adult, `おとな${tag}2`)).toEqual([`おとな${tag}2`]);
    // adult2 adds a second character and declares it 10代: their first one leaves adults' results.
    const added = await h.post('/users/add_myusers', {}, h.as(adult2));
    expect(added.statusCode).toBe(200);
    const switched = await h.post('/users/switch_character', { id: added.json().data.id }, h.as(adult2));
    const second = (await h.ctx.tokens.verify(switched.json().data.access_token, h.clock.now()))!;
    const res = await h.onboard(second, `にじゅう${tag}`, { age_id: 1 });
    expect(res.statusCode).toBe(200);
    expect(await names(adult, `おとな${tag}2`)).toEqual([]);
    expect(await names(teen, `おとな${tag}2`)).toEqual([`おとな${tag}2`]);
  });
});
