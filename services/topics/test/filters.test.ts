import { events, requests } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { NO_FILTER } from '@honne/contracts/topics';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness, type Person } from './harness.ts';

describe.each(infraModes())('saved filter, first search and read models ($name)', (mode) => {
  let h: Harness;
  let me: Person;
  beforeAll(async () => {
    h = await startHarness(mode);
    me = await h.user();
  });
  afterAll(() => h?.close());

  it('starts empty with the first-search flag set', async () => {
    expect((await h.get('/users/filter', me)).json().data).toEqual(NO_FILTER);
  });

  it('saves gender, age band, presence and area, and refuses an empty or invalid filter', async () => {
    const res = await h.post(
      '/users/filter',
      { user_status: 1, gender: '2', age_id: 3, area_id: 14, area: '神奈川県' },
      me,
    );
    expect(res.json().data).toMatchObject({ user_status: 1, gender: '2', age_id: 3, area_id: 14, area: '神奈川県' });
    const empty = await h.post('/users/filter', {}, me);
    expect(empty.statusCode).toBe(403);
    expect(empty.json().errors).toEqual({ filter: messages.filterEmpty });
    expect((await h.post('/users/filter', { area_id: 49 }, me)).json().errors).toEqual({
      area_id: messages.areaRequired,
    });
    expect((await h.post('/users/filter', { age_id: 9 }, me)).statusCode).toBe(403);
    expect(
      (await h.post('/users/filter', { latest_joined_thread: '00000000-0000-4000-8000-000000000000' }, me)).json()
        .errors,
    ).toEqual({ latest_joined_thread: messages.invalidChoice });
  });

  it('resets the sub-category and latest theme when the category changes (spec §4)', async () => {
    const thread = await h.theme(me, { category_id: 2, sub_category_id: 6 });
    expect((await h.get('/users/filter', me)).json().data).toMatchObject({
      category_id: 2,
      sub_category_id: 6,
      sub_category: '転職',
      latest_joined_thread: thread,
    });
    const changed = (await h.post('/users/filter', { category_id: 3 }, me)).json().data;
    expect(changed).toMatchObject({
      category_id: 3,
      category: '趣味・エンタメ',
      sub_category_id: null,
      latest_joined_thread: null,
      gender: '2',
    });
    expect((await h.post('/users/filter', { sub_category_id: 6 }, me)).json().errors).toEqual({
      sub_category_id: messages.subCategoryRequired,
    });
  });

  it('goes back to all categories with category_id 0: category, sub-category and theme cleared (walk #8)', async () => {
    const who = await h.user();
    await h.theme(who, { category_id: 2, sub_category_id: 6 });
    const all = await h.post('/users/filter', { category_id: 0 }, who);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toMatchObject({
      category_id: null,
      category: null,
      sub_category_id: null,
      sub_category: null,
      latest_joined_thread: null,
    });
    expect((await h.get('/users/filter', who)).json().data).toMatchObject({ category_id: null, sub_category_id: null });
    // A sub-category still needs its category: 0 with one is refused.
    expect((await h.post('/users/filter', { category_id: 0, sub_category_id: 6 }, who)).json().errors).toEqual({
      sub_category_id: messages.subCategoryRequired,
    });
  });

  it("takes the spec's saved-filter update: names beside the ids (ignored, the ids decide) and a numeric gender", async () => {
    // Issue 26: the spec's client sends area, category and sub_category names with their ids.
    const other = await h.user();
    const thread = await h.theme(other, { category_id: 5, sub_category_id: 22 });
    const res = await h.post(
      '/users/filter',
      {
        area_id: 13,
        area: '東京都',
        category_id: 5,
        category: 'どれでもない名前',
        sub_category_id: 22,
        sub_category: 'ちがう名前',
        latest_joined_thread: thread,
        user_status: 0,
        gender: 1,
        age_id: 0,
      },
      other,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await h.get('/users/filter', other)).json().data).toMatchObject({
      area_id: 13,
      area: '東京都',
      category_id: 5,
      category: '悩み・相談',
      sub_category_id: 22,
      sub_category: 'ちょっと聞いて',
      latest_joined_thread: thread,
      gender: '1',
    });
  });

  it('acts only on the caller: another user_id or any unknown key in the body is refused', async () => {
    const other = await h.user();
    const before = (await h.get('/users/filter', other)).json().data;
    const res = await h.post('/users/filter', { user_id: other.userId, area_id: 20 }, me);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'validation', errors: { user_id: messages.invalidInput } });
    const unknown = await h.post('/users/filter', { colour: 'red' }, me);
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json().errors).toEqual({ colour: messages.invalidInput });
    expect((await h.get('/users/filter', other)).json().data).toEqual(before);
    expect((await h.get('/users/filter', me)).json().data.area_id).not.toBe(20);
  });

  it('keeps the first-search flag', async () => {
    expect((await h.put('/users/first_search', { is_first_search: false }, me)).json().data.is_first_search).toBe(
      false,
    );
    expect((await h.get('/users/filter', me)).json().data.is_first_search).toBe(false);
  });

  it('answers accounts’ request for the profile history object over the bus', async () => {
    expect(await h.infra.bus.request(requests.topicsFilterGet, { user_id: me.userId })).toEqual({
      age_id: 3,
      gender: '2',
      user_status: 1,
      latest_joined_thread: null,
      is_first_search: false,
    });
    expect(await h.infra.bus.request(requests.topicsFilterGet, { user_id: 'nobody' })).toEqual({
      age_id: null,
      gender: null,
      user_status: 0,
      latest_joined_thread: null,
      is_first_search: true,
    });
  });

  it('keeps the newest user card when profile events arrive out of order', async () => {
    const base = {
      user_id: me.userId,
      email_id: me.userId,
      profile_image: null,
      gender: '1',
      age_id: 2,
      area_id: 3,
      max_point_for_chatting: 0,
      max_point_for_a_call: 0,
    };
    const newer = new Date(h.clock.now().getTime() + 60_000).toISOString();
    await h.publish(
      events.userProfileUpdated,
      { ...base, user_name: '新しい名前', updated_at: newer },
      async () =>
        (
          await h.ctx.db
            .selectFrom('user_cards')
            .select('user_name')
            .where('user_id', '=', me.userId)
            .executeTakeFirst()
        )?.user_name === '新しい名前',
    );
    await h.infra.bus.publish(events.userProfileUpdated, {
      ...base,
      user_name: '古い名前',
      updated_at: h.clock.now().toISOString(),
    });
    await h.settle();
    expect(
      (await h.ctx.db.selectFrom('user_cards').select('user_name').where('user_id', '=', me.userId).executeTakeFirst())
        ?.user_name,
    ).toBe('新しい名前');
  });
});
