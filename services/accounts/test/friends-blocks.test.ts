import { events, requests } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { eventually, infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from './harness.ts';

type Caller = { userId: string; sessionId: string };

describe.each(infraModes())('friends, blocks and reports ($name)', (mode) => {
  let h: Harness;
  let a: Caller, b: Caller, c: Caller;
  let delivered: ReturnType<Harness['deliveries']>;
  const blockEvents: { blocker_id: string; blocked_id: string; blocked: boolean }[] = [];

  const named = (email: string, user_name: string): Promise<Caller> =>
    h.registerNamed(email, user_name, { gender: '1' });

  beforeAll(async () => {
    h = await startHarness(mode);
    delivered = h.deliveries();
    h.infra.bus.subscribe(events.blockChanged, (e) => void blockEvents.push(e));
    a = await named('fa@example.jp', 'あおい');
    b = await named('fb@example.jp', 'ひかる');
    c = await named('fc@example.jp', 'あおぞら');
  });
  afterAll(() => h?.close());

  const addFriend = (me: Caller, other: Caller) =>
    h.post('/users/friends', { user_id: other.userId, room_id: null, topic_id: null }, h.as(me));
  const friendsOf = async (me: Caller) =>
    (await h.get('/users/friends', h.as(me))).json().data as { id: string; user: { id: string; user_name: string } }[];

  it('finds users by name (not myself), marks friends, and needs a keyword', async () => {
    const empty = await h.post('/users/search', { keyword: '  ' }, h.as(a));
    expect(empty.json().errors.keyword).toBe(messages.keywordRequired);
    const found = (await h.post('/users/search', { keyword: 'あお', per_page: 30 }, h.as(b))).json().data;
    expect(found.map((u: { user_name: string }) => u.user_name).sort()).toEqual(['あおい', 'あおぞら']);
    expect((await h.post('/users/search', { keyword: 'あおい' }, h.as(a))).json().data).toEqual([]);
    const wildcard = (await h.post('/users/search', { keyword: '%' }, h.as(a))).json().data;
    expect(wildcard).toEqual([]);
  });

  it('adds a friend for both sides with the spec message and events 11; twice says already friends', async () => {
    const res = await addFriend(a, b);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      message: 'ともだちを追加しました。',
      user: { id: b.userId, user_name: 'ひかる' },
      unreadCount: 0,
    });
    expect((await friendsOf(b)).map((f) => f.user.id)).toEqual([a.userId]);
    await expect
      .poll(() =>
        delivered
          .filter((d) => d.type === '11')
          .map((d) => d.user_id)
          .sort(),
      )
      .toEqual([a.userId, b.userId].sort());
    const again = await addFriend(b, a);
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toBe('すでにともだちになっています');
    expect((await h.post('/users/search', { keyword: 'ひかる' }, h.as(a))).json().data[0].is_friend).toBe(true);
    expect((await addFriend(a, a)).json().error).toBe(messages.cannotFriendSelf);
  });

  it('removes a friendship for both sides when either removes it (event 12)', async () => {
    const [entry] = await friendsOf(b);
    const res = await h.app.inject({
      method: 'DELETE',
      url: '/users/friends',
      headers: h.as(b),
      payload: { id: entry!.id },
    });
    expect(res.json().data).toEqual({ ok: true });
    expect(await friendsOf(a)).toEqual([]);
    expect(await friendsOf(b)).toEqual([]);
    await expect.poll(() => delivered.filter((d) => d.type === '12').length).toBeGreaterThanOrEqual(2);
  });

  it('pages friends by last_doc_id until an empty page', async () => {
    await addFriend(c, a);
    await addFriend(c, b);
    const first = await h.app.inject({ method: 'GET', url: '/users/friends?per_page=1', headers: h.as(c) });
    expect(first.json().data).toHaveLength(1);
    const second = await h.app.inject({
      method: 'GET',
      url: `/users/friends?per_page=1&last_doc_id=${first.json().last_doc_id}`,
      headers: h.as(c),
    });
    expect(second.json().data).toHaveLength(1);
    expect(second.json().data[0].id).not.toBe(first.json().data[0].id);
    const third = await h.app.inject({
      method: 'GET',
      url: `/users/friends?per_page=1&last_doc_id=${second.json().last_doc_id}`,
      headers: h.as(c),
    });
    expect(third.json().data).toEqual([]);
  });

  it('blocks: ends the friendship, hides both from search, forbids friending, lists and unblocks', async () => {
    expect((await h.post('/users/block', { id: c.userId }, h.as(c))).json().error).toBe(messages.cannotBlockSelf);
    expect((await h.post('/users/block', { id: a.userId }, h.as(c))).json().data).toBe(true);
    await expect
      .poll(() => blockEvents)
      .toContainEqual(expect.objectContaining({ blocker_id: c.userId, blocked_id: a.userId, blocked: true }));
    expect((await friendsOf(c)).map((f) => f.user.id)).toEqual([b.userId]);
    const refused = await addFriend(a, c);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(messages.cannotFriendBlocked);
    expect((await h.post('/users/search', { keyword: 'あおぞら' }, h.as(a))).json().data).toEqual([]);

    const list = (await h.get('/users/blocks', h.as(c))).json();
    expect(list.data).toEqual([
      {
        id: expect.any(String),
        user: { id: a.userId, user_name: 'あおい', profile_image: expect.stringContaining('/api/v1/users/avatars/') },
      },
    ]);
    const next = (
      await h.app.inject({ method: 'GET', url: `/users/blocks?last_doc_id=${list.last_doc_id}`, headers: h.as(c) })
    ).json();
    expect(next.data).toEqual([]);

    expect((await h.post('/users/unblock', { id: a.userId }, h.as(c))).json().data).toBe(true);
    expect((await h.get('/users/blocks', h.as(c))).json().data).toEqual([]);
    expect((await addFriend(a, c)).statusCode).toBe(200);
  });

  it('taking the same name again changes nothing: friends and rooms stay, chat is not asked', async () => {
    const asked: string[] = [];
    const chat = h.infra.bus.respond(
      requests.chatFriendRoomsRemove,
      async ({ user_id }) => {
        asked.push(user_id);
        return { room_ids: [] };
      },
      { queue: 'chat' },
    );
    await h.infra.bus.flush();
    const res = await h.post('/users/change_user_name', { user_name: ' あおぞら ' }, h.as(c));
    chat.unsubscribe();
    expect(res.json().data).toEqual({ user_name: 'あおぞら', roomIds: [] });
    expect(asked).toEqual([]);
    expect((await friendsOf(c)).length).toBe(2);
  });

  it('changing the user name resets every friendship and answers the friend rooms chat removed', async () => {
    expect((await friendsOf(c)).length).toBe(2);
    const asked: string[] = [];
    const chat = h.infra.bus.respond(
      requests.chatFriendRoomsRemove,
      async ({ user_id }) => {
        asked.push(user_id);
        return { room_ids: ['11111111-1111-4111-8111-111111111111'] };
      },
      { queue: 'chat' },
    );
    await h.infra.bus.flush();
    const res = await h.post('/users/change_user_name', { user_name: 'そら' }, h.as(c));
    chat.unsubscribe();
    expect(res.json().data).toEqual({ user_name: 'そら', roomIds: ['11111111-1111-4111-8111-111111111111'] });
    expect(asked).toEqual([c.userId]);
    expect(await friendsOf(c)).toEqual([]);
    expect((await friendsOf(a)).some((f) => f.user.id === c.userId)).toBe(false);
  });

  it('still renames when chat does not answer, and announces the rename for chat to catch up', async () => {
    const renamed: string[] = [];
    const sub = h.infra.bus.subscribe(events.userRenamed, (e) => void renamed.push(e.user_name));
    await h.infra.bus.flush();
    const res = await h.post('/users/change_user_name', { user_name: 'そらいろ' }, h.as(c));
    expect(res.json().data).toEqual({ user_name: 'そらいろ', roomIds: [] });
    await eventually(() => expect(renamed).toEqual(['そらいろ']));
    sub.unsubscribe();
  });

  it('renaming through PUT /users follows the same rule: friendships end, chat removes the friend rooms', async () => {
    // Issue 26: the spec's profile form carries user_name too; one rule for both paths.
    const d = await named('fd@example.jp', 'でんでん');
    const e = await named('fe@example.jp', 'えのき');
    expect((await addFriend(d, e)).statusCode).toBe(200);
    expect((await friendsOf(d)).map((f) => f.user.id)).toEqual([e.userId]);
    const asked: string[] = [];
    const chat = h.infra.bus.respond(
      requests.chatFriendRoomsRemove,
      async ({ user_id }) => {
        asked.push(user_id);
        return { room_ids: ['22222222-2222-4222-8222-222222222222'] };
      },
      { queue: 'chat' },
    );
    await h.infra.bus.flush();
    try {
      // The same name again (the form sends it with every save) is no rename.
      const same = await h.app.inject({
        method: 'PUT',
        url: '/users',
        headers: h.as(d),
        payload: { user_name: 'でんでん' },
      });
      expect(same.statusCode).toBe(200);
      expect(asked).toEqual([]);
      expect(await friendsOf(d)).toHaveLength(1);

      const res = await h.app.inject({
        method: 'PUT',
        url: '/users',
        headers: h.as(d),
        payload: { user_name: 'でんしゃ' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.user_name).toBe('でんしゃ');
    } finally {
      chat.unsubscribe();
    }
    expect(asked).toEqual([d.userId]);
    expect(await friendsOf(d)).toEqual([]);
    expect((await friendsOf(e)).some((f) => f.user.id === d.userId)).toBe(false);
  });

  it('stores reports with newlines kept; empty reports and reporting oneself are refused', async () => {
    const empty = await h.app.inject({
      method: 'PUT',
      url: '/users/user_report',
      headers: h.as(a),
      payload: { user_id: b.userId, report: ' \n ' },
    });
    expect(empty.json().errors.report).toBe('通報内容を入力してください。');
    const self = await h.app.inject({
      method: 'PUT',
      url: '/users/user_report',
      headers: h.as(a),
      payload: { user_id: a.userId, report: 'x' },
    });
    expect(self.json().error).toBe(messages.cannotReportSelf);
    const ok = await h.app.inject({
      method: 'PUT',
      url: '/users/user_report',
      headers: h.as(a),
      payload: { user_id: b.userId, report: '1行目\n2行目' },
    });
    expect(ok.json().data).toEqual({ message: 'success' });
    const stored = await h.ctx.db.selectFrom('user_reports').selectAll().where('reporter_id', '=', a.userId).execute();
    expect(stored.map((r) => [r.reported_id, r.report])).toEqual([[b.userId, '1行目\n2行目']]);
    // Queued with the report for the moderation service, and relayed.
    const queued = await h.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('subject', '=', 'accounts.user.reported')
      .execute();
    const payloadOf = (q: { payload: unknown }) =>
      (typeof q.payload === 'string' ? JSON.parse(q.payload) : q.payload) as { report_id: string };
    const mine = queued.filter((q) => payloadOf(q).report_id === stored[0]!.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.published_at).not.toBeNull();
    expect(payloadOf(mine[0]!)).toMatchObject({
      reporter_id: a.userId,
      reported_id: b.userId,
      content: '1行目\n2行目',
    });
  });
});
