import { events, requests } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { ANONYMOUS_NAME, type HistoryItem, type Reply, type Topic } from '@honne/contracts/topics';
import { infraModes, uuidOf } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness, type Person } from './harness.ts';

describe.each(infraModes())('history and replies ($name)', (mode) => {
  let h: Harness;
  let owner: Person;
  let visitor: Person;
  let shy: Person;
  let stranger: Person;
  let voice: Topic;
  let anonVoice: Topic;
  beforeAll(async () => {
    h = await startHarness(mode);
    owner = await h.user({ user_name: 'オーナー' });
    visitor = await h.user({ user_name: 'ビジター' });
    shy = await h.user({ user_name: 'はずかしがり', profile_image: '/api/v1/users/images/shy-face.jpg' });
    stranger = await h.user({ user_name: 'よそのひと' });
    voice = (await h.postVoice(owner, await h.theme(owner, { category_id: 3, sub_category_id: 12 }))).json().data;
    anonVoice = (
      await h.postVoice(visitor, await h.theme(visitor, { category_id: 5, sub_category_id: 20 }), {
        is_anonymous: true,
      })
    ).json().data;
    await h.openRoom(visitor, voice.id, uuidOf('room-v'));
    h.clock.advance(1000);
    await h.openRoom(shy, voice.id, uuidOf('room-s'), true);
    h.clock.advance(1000);
    await h.openRoom(owner, anonVoice.id, uuidOf('room-o'));
  });
  afterAll(() => h?.close());
  const history = async (who: Person, q = '') => (await h.get(`/history${q}`, who)).json().data as HistoryItem[];

  it('records a history entry on both sides when chat opens a room on a voice', async () => {
    const mine = await history(owner);
    expect(mine.map((x) => [x.room_id, x.type])).toEqual([
      [uuidOf('room-o'), 2],
      [uuidOf('room-s'), 1],
      [uuidOf('room-v'), 1],
    ]);
    expect(mine.find((x) => x.room_id === uuidOf('room-v'))).toMatchObject({
      topic: { id: voice.id },
      topic_creator: { id: owner.userId },
      user: { id: visitor.userId, user_name: 'ビジター' },
      room: { id: uuidOf('room-v') },
    });
    expect((await history(visitor)).map((x) => [x.room_id, x.type])).toEqual([
      [uuidOf('room-o'), 1],
      [uuidOf('room-v'), 2],
    ]);
  });

  it('filters history: 1 my voices, 2 others’ voices', async () => {
    expect((await history(owner, '?type=1')).map((x) => x.room_id)).toEqual([uuidOf('room-s'), uuidOf('room-v')]);
    expect((await history(owner, '?type=2')).map((x) => x.room_id)).toEqual([uuidOf('room-o')]);
  });

  it('pages history by last_doc_id until an empty page', async () => {
    const first = (await h.get('/history?per_page=2', owner)).json();
    expect(first.data).toHaveLength(2);
    const second = (await h.get(`/history?per_page=2&last_doc_id=${first.last_doc_id}`, owner)).json();
    expect(second.data.map((x: HistoryItem) => x.room_id)).toEqual([uuidOf('room-v')]);
    const third = (await h.get(`/history?per_page=2&last_doc_id=${second.last_doc_id}`, owner)).json();
    expect(third).toMatchObject({ data: [], last_doc_id: null });
  });

  it('hides anonymous people in history: the anonymous opener and the anonymous poster', async () => {
    const res = await h.get('/history', owner);
    const shyItem = (res.json().data as HistoryItem[]).find((x) => x.room_id === uuidOf('room-s'))!;
    expect(shyItem.user).toMatchObject({
      id: null,
      user_name: ANONYMOUS_NAME,
      profile_image: null,
      is_anonymous: true,
    });
    const ownersView = (res.json().data as HistoryItem[]).find((x) => x.room_id === uuidOf('room-o'))!;
    expect(ownersView.topic_creator).toMatchObject({ id: null, user_name: ANONYMOUS_NAME });
    expect(ownersView.topic.user_id).toBeNull();
    expect(res.body).not.toMatch(/はずかしがり|shy-face/);
    expect(res.body.includes(shy.userId)).toBe(false);
    // The anonymous voice's item names nobody; the visitor shows only where they opened a room openly (room-v).
    expect(JSON.stringify(ownersView).includes(visitor.userId)).toBe(false);
    expect(JSON.stringify(ownersView).includes('ビジター')).toBe(false);
  });

  it('serves nobody another user’s history: the list is always the caller’s own', async () => {
    expect(await history(stranger)).toEqual([]);
    expect((await h.get(`/history?user_id=${owner.userId}`, stranger)).json().data).toEqual([]);
  });

  it('updates the latest message of a room only for its participants', async () => {
    h.clock.advance(1000);
    const res = await h.post('/history', { room_id: uuidOf('room-v'), latest_message: 'こんばんは！' }, visitor);
    expect(res.json().data).toEqual({ room_id: uuidOf('room-v'), updated: 2 });
    expect((await history(owner)).find((x) => x.room_id === uuidOf('room-v'))?.latest_message).toBe('こんばんは！');
    expect((await history(owner))[0]!.room_id).toBe(uuidOf('room-v'));
    const intruder = await h.post('/history', { room_id: uuidOf('room-v'), latest_message: '乗っ取り' }, stranger);
    expect(intruder.statusCode).toBe(404);
    expect((await history(owner)).find((x) => x.room_id === uuidOf('room-v'))?.latest_message).toBe('こんばんは！');
  });

  it('lists replies to the owner only, all or only those who replied', async () => {
    const all = (await h.get(`/topics/${voice.id}/reply-list?type=0`, owner)).json().data as Reply[];
    expect(all.map((r) => r.room_id)).toEqual([uuidOf('room-s'), uuidOf('room-v')]);
    // The visitor wrote (POST /history above); the shy one has not, until chat says so.
    expect(
      (await h.get(`/topics/${voice.id}/reply-list?type=1`, owner)).json().data.map((r: Reply) => r.room_id),
    ).toEqual([uuidOf('room-v')]);
    await h.publish(
      events.chatRoomReplied,
      { room_id: uuidOf('room-s'), topic_id: voice.id, user_id: shy.userId },
      async () =>
        (
          await h.ctx.db
            .selectFrom('replies')
            .select('is_replied')
            .where('room_id', '=', uuidOf('room-s'))
            .executeTakeFirst()
        )?.is_replied,
    );
    const replied = await h.get(`/topics/${voice.id}/reply-list?type=1`, owner);
    expect(replied.json().data.map((r: Reply) => r.room_id)).toEqual([uuidOf('room-s'), uuidOf('room-v')]);
    expect(replied.json().data[0]).toMatchObject({
      user_id: null,
      is_anonymous: true,
      anonymous: true,
      user: { user_name: ANONYMOUS_NAME },
    });
    expect(replied.body).not.toMatch(/はずかしがり|shy-face/);
    expect(replied.body.includes(shy.userId)).toBe(false);
  });

  it('refuses the reply list to anyone but the owner', async () => {
    expect((await h.get(`/topics/${voice.id}/reply-list`, visitor)).statusCode).toBe(403);
    expect((await h.get(`/topics/${voice.id}/reply-list`, stranger)).statusCode).toBe(403);
    expect((await h.get('/topics/00000000-0000-4000-8000-000000000000/reply-list', owner)).json()).toMatchObject({
      status: 404,
      error: messages.voiceGone,
    });
  });

  it('ignores rooms on gone voices and the poster opening a room on their own voice', async () => {
    await h.infra.bus.publish(events.chatRoomOpened, {
      room_id: uuidOf('room-x'),
      topic_id: '00000000-0000-4000-8000-000000000000',
      user_id: visitor.userId,
      is_anonymous: false,
    });
    await h.infra.bus.publish(events.chatRoomOpened, {
      room_id: uuidOf('room-self'),
      topic_id: voice.id,
      user_id: owner.userId,
      is_anonymous: false,
    });
    await h.settle();
    const rooms = await h.ctx.db
      .selectFrom('history')
      .select('room_id')
      .where('room_id', 'in', [uuidOf('room-x'), uuidOf('room-self')])
      .execute();
    expect(rooms).toEqual([]);
  });

  it('answers chat’s question about a voice over the bus, poster included', async () => {
    const reply = await h.infra.bus.request(requests.topicsTopicGet, { topic_id: anonVoice.id });
    expect(reply).toMatchObject({ found: true, user_id: visitor.userId, is_anonymous: true });
    expect((await h.infra.bus.request(requests.topicsTopicGet, { topic_id: 'nope' })).found).toBe(false);
  });
});
