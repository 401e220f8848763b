import { events } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { TOPIC_CHANNEL_EVENTS, topicChannels, type Topic } from '@honne/contracts/topics';
import { infraModes, uuidOf } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eventually, startHarness, type Harness, type Person } from './harness.ts';

describe.each(infraModes())('expiry, without sleeping ($name)', (mode) => {
  let h: Harness;
  let poster: Person;
  let visitor: Person;
  let short: Topic;
  let long: Topic;
  beforeAll(async () => {
    h = await startHarness(mode);
    poster = await h.user();
    visitor = await h.user();
    short = (await h.postVoice(poster, await h.theme(poster, { category_id: 8, sub_category_id: 32 }))).json().data; // 5 minutes
    long = (
      await h.postVoice(poster, await h.theme(poster, { category_id: 2, sub_category_id: 6 }), {
        expire_after_minute: 4320,
      })
    ).json().data;
    await h.openRoom(visitor, short.id, uuidOf('room-short'));
    await h.openRoom(visitor, long.id, uuidOf('room-long'));
  });
  afterAll(() => h?.close());

  it('serves a voice until its expire_at and never after, even before the purge runs', async () => {
    h.clock.advance(5 * 60_000 - 1000);
    expect((await h.get(`/topics/${short.id}`, visitor)).statusCode).toBe(200);
    h.clock.advance(1000);
    expect((await h.get(`/topics/${short.id}`, visitor)).json()).toMatchObject({
      status: 404,
      error: messages.voiceGone,
    });
    expect((await h.get(`/topics?thread_id=${short.thread_id}`, visitor)).json().data).toEqual([]);
    expect((await h.get(`/users/topics?thread_id=${short.thread_id}`, poster)).json().data).toEqual([]);
    expect((await h.get('/history', visitor)).json().data.map((x: { room_id: string }) => x.room_id)).toEqual([
      uuidOf('room-long'),
    ]);
    expect((await h.get(`/threads/${short.thread_id}`, poster)).json().data.topic).toEqual({
      total: 0,
      total_callable: 0,
    });
    expect((await h.put(`/topics/${short.id}`, { is_callable: false }, poster)).statusCode).toBe(404);
    expect((await h.patch('/topics/updateClick', { threadId: short.id }, visitor)).statusCode).toBe(404);
  });

  it('deletes expired voices with their history and replies, and tells owners, the bus and live lists', async () => {
    h.seen.channel.length = 0;
    const result = await h.purge();
    expect(result).toEqual({ topics: 1, history: 2 });
    const db = h.ctx.db;
    expect(await db.selectFrom('topics').select('id').where('id', '=', short.id).execute()).toEqual([]);
    expect(await db.selectFrom('history').select('room_id').where('topic_id', '=', short.id).execute()).toEqual([]);
    expect(await db.selectFrom('replies').select('room_id').where('topic_id', '=', short.id).execute()).toEqual([]);
    expect(await db.selectFrom('topics').select('id').where('id', '=', long.id).execute()).toHaveLength(1);

    await eventually(() =>
      expect(h.seen.expired).toContainEqual(
        expect.objectContaining({ topic_id: short.id, thread_id: short.thread_id }),
      ),
    );
    await eventually(() => {
      const removedHistory = h.seen.user.filter(
        (u) => u.event.type === '13' && (u.event.data as { topic_id: string }).topic_id === short.id,
      );
      expect(removedHistory.map((u) => u.user_id).sort()).toEqual([poster.userId, visitor.userId].sort());
      expect(removedHistory.every((u) => typeof u.event.seq === 'number')).toBe(true);
    });
    await eventually(() => {
      const expired = h.seen.channel.filter((c) => c.event.type === TOPIC_CHANNEL_EVENTS.expired);
      expect(expired.map((c) => c.channel)).toContain(topicChannels.thread(short.thread_id));
      expect(expired[0]!.event.data).toEqual({ topic_id: short.id, thread_id: short.thread_id });
    });
    expect(await h.purge()).toEqual({ topics: 0, history: 0 });
  });

  it('expires the long voice after 72 hours', async () => {
    h.clock.advance(72 * 60 * 60_000);
    expect((await h.get(`/topics/${long.id}`, visitor)).statusCode).toBe(404);
    expect(await h.purge()).toEqual({ topics: 1, history: 2 });
    expect((await h.get('/history', visitor)).json().data).toEqual([]);
  });

  it('removes a deleted user’s voices and everything else of theirs', async () => {
    const gone = await h.user();
    const t = (await h.postVoice(gone, await h.theme(gone))).json().data as Topic;
    await h.openRoom(visitor, t.id, uuidOf('room-gone'));
    await h.publish(
      events.userDeleted,
      { user_id: gone.userId, deleted_at: h.clock.now().toISOString() },
      async () =>
        (await h.ctx.db
          .selectFrom('user_cards')
          .select('user_id')
          .where('user_id', '=', gone.userId)
          .executeTakeFirst()) === undefined,
    );
    expect((await h.get(`/topics/${t.id}`, visitor)).statusCode).toBe(404);
    expect((await h.get('/history', visitor)).json().data).toEqual([]);
    await eventually(() =>
      expect(h.seen.deleted).toContainEqual(expect.objectContaining({ topic_id: t.id, reason: 'user_deleted' })),
    );
  });

  it('removes the history entries others kept of a deleted user’s rooms, and tells their owners (walk #29)', async () => {
    const owner = await h.user();
    const leaving = await h.user();
    const t = (await h.postVoice(owner, await h.theme(owner))).json().data as Topic;
    const roomId = uuidOf('room-left-behind');
    await h.openRoom(leaving, t.id, roomId);
    const listed = (await h.get('/history', owner)).json().data as { id: string; room_id: string }[];
    expect(listed.map((e) => e.room_id)).toContain(roomId);
    const entry = listed.find((e) => e.room_id === roomId)!;
    await h.publish(
      events.userDeleted,
      { user_id: leaving.userId, deleted_at: h.clock.now().toISOString() },
      async () =>
        (await h.ctx.db.selectFrom('history').select('id').where('room_id', '=', roomId).executeTakeFirst()) ===
        undefined,
    );
    // The owner's voice stays; the entry of the room with the deleted person goes, and so does its reply.
    expect((await h.get(`/topics/${t.id}`, owner)).statusCode).toBe(200);
    expect(((await h.get('/history', owner)).json().data as { room_id: string }[]).map((e) => e.room_id)).not.toContain(
      roomId,
    );
    expect(await h.ctx.db.selectFrom('replies').select('id').where('room_id', '=', roomId).execute()).toEqual([]);
    await eventually(() =>
      expect(h.seen.user).toContainEqual(
        expect.objectContaining({
          user_id: owner.userId,
          event: expect.objectContaining({ type: '13', data: expect.objectContaining({ history_id: entry.id }) }),
        }),
      ),
    );
  });
});
