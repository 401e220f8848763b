import { CHAT_MESSAGES, CHAT_REALTIME_TYPES, type Room } from '@honne/contracts/chat';
import { events, requests } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { ANONYMOUS_NAME } from '@honne/contracts/topics';
import { snapshotPages } from '@honne/service-kit';
import { infraModes, uuidOf } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eventually, startHarness, type Harness, type Person } from './harness.ts';

describe.each(infraModes())('rooms: opening, anonymity, reports, ratings ($name)', (mode) => {
  let h: Harness;
  let owner: Person;
  let replier: Person;
  let stranger: Person;
  beforeAll(async () => {
    h = await startHarness(mode);
    owner = await h.user({ user_name: 'はなこ' });
    replier = await h.user({ user_name: 'たろう' });
    stranger = await h.user({ user_name: 'じろう' });
  });
  afterAll(() => h?.close());

  it('opens a room on a voice, announces it once, and reopens the same room', async () => {
    const topic = h.voice(owner);
    const first = await h.post(
      '/rooms',
      { topic_id: topic, room_type_id: 2, is_anonymous: false, user_id: uuidOf('ignored') },
      replier,
    );
    expect(first.statusCode).toBe(200);
    const room = first.json().data as Room;
    expect(room).toMatchObject({
      room_type_id: 2,
      topic_id: topic,
      topic: { id: topic, title: '今日の本音', is_mine: false },
      userInfo: { id: owner.userId, user_name: 'はなこ', is_anonymous: false },
      anonymous: { me: false, partner: false },
      is_anonymous: false,
      deleted: false,
      unreadCount: 0,
    });
    expect(room.participants_array.sort()).toEqual([owner.userId, replier.userId].sort());
    const again = await h.post('/rooms', { topic_id: topic, room_type_id: 2, is_anonymous: false }, replier);
    expect(again.json().data.id).toBe(room.id);
    // The owner opening with the replier lands in the same room too.
    const fromOwner = await h.post('/rooms', { topic_id: topic, room_type_id: 2, user_id: replier.userId }, owner);
    expect(fromOwner.json().data).toMatchObject({
      id: room.id,
      topic: { is_mine: true },
      userInfo: { user_name: 'たろう' },
    });
    await h.settle();
    expect(h.seen.opened.filter((e) => e.room_id === room.id)).toEqual([
      { room_id: room.id, topic_id: topic, user_id: replier.userId, is_anonymous: false },
    ]);
    // The owner hears of the new room once, seen from their side.
    const updates = h.eventsOf(owner, CHAT_REALTIME_TYPES.roomUpdated).filter((e) => (e.data as Room).id === room.id);
    expect(updates.map((e) => e.data)).toEqual([
      expect.objectContaining({
        id: room.id,
        topic: expect.objectContaining({ is_mine: true }),
        userInfo: expect.objectContaining({ id: replier.userId }),
      }),
    ]);
    // Reopen by id (the 3-character variant too).
    expect((await h.post('/rooms', { room_type_id: 2, room_id: room.id }, replier)).json().data.id).toBe(room.id);
    expect((await h.post('/rooms/3charactor', { room_type_id: 2, id: room.id }, replier)).json().data.id).toBe(room.id);
  });

  it('is idempotent under concurrent double submits: one room, one announcement', async () => {
    const topic = h.voice(owner);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => h.post('/rooms', { topic_id: topic, room_type_id: 2 }, replier)),
    );
    const ids = new Set(results.map((r) => r.json().data.id));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(ids.size).toBe(1);
    await h.settle();
    expect(h.seen.opened.filter((e) => e.topic_id === topic)).toHaveLength(1);
    expect(await h.ctx.db.selectFrom('rooms').select('id').where('topic_id', '=', topic).execute()).toHaveLength(1);
  });

  it('refuses a gone or expired voice with the spec message', async () => {
    const res = await h.post('/rooms', { topic_id: crypto.randomUUID(), room_type_id: 2 }, replier);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: messages.voiceGone });
    const expired = h.voice(owner, { expire_at: new Date(h.clock.now().getTime() - 1000).toISOString() });
    expect((await h.post('/rooms', { topic_id: expired, room_type_id: 2 }, replier)).json().error).toBe(
      messages.voiceGone,
    );
    expect((await h.post('/rooms', { room_type_id: 2 }, replier)).statusCode).toBe(403);
  });

  it('nobody talks to themselves; the owner must name a partner', async () => {
    const topic = h.voice(owner);
    expect((await h.post('/rooms', { topic_id: topic, room_type_id: 2 }, owner)).json()).toMatchObject({
      status: 403,
      errors: { user_id: CHAT_MESSAGES.partnerRequired },
    });
    expect(
      (await h.post('/rooms', { topic_id: topic, room_type_id: 2, user_id: owner.userId }, owner)).json().errors,
    ).toEqual({ user_id: CHAT_MESSAGES.cannotTalkToSelf });
  });

  it('needs the price confirmation from the non-owner of a priced voice, and records it', async () => {
    const topic = h.voice(owner, { chat_price: 100 });
    const res = await h.post('/rooms', { topic_id: topic, room_type_id: 2 }, replier);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'price_confirmation_required',
      error: CHAT_MESSAGES.priceConfirmRequired,
    });
    const ok = await h.post('/rooms', { topic_id: topic, room_type_id: 2, confirm_price: true }, replier);
    expect(ok.json().data).toMatchObject({ price_confirmed: true, paid: true, topic: { chat_price: 100 } });
    // Points was asked once for the fee, replier to owner, keyed by the pair on this voice.
    const asked = [...h.charges.values()].filter((c) => c.from === replier.userId && c.to === owner.userId);
    expect(asked).toEqual([expect.objectContaining({ kind: 'chat_fee', amount: 100, room_id: ok.json().data.id })]);
    // Reopening needs no second confirmation, and asks for no second fee.
    expect((await h.post('/rooms', { topic_id: topic, room_type_id: 2 }, replier)).statusCode).toBe(200);
    expect([...h.charges.values()].filter((c) => c.from === replier.userId && c.to === owner.userId)).toHaveLength(1);
  });

  it('opens no paid room for a replier who cannot pay: the spec’s ポイントが不足です。', async () => {
    const poor = await h.user();
    h.wallet.set(poor.userId, 50);
    const topic = h.voice(owner, { chat_price: 100 });
    const res = await h.post('/rooms', { topic_id: topic, room_type_id: 2, confirm_price: true }, poor);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'points_insufficient', error: 'ポイントが不足です。' });
    const rooms = await h.ctx.db.selectFrom('rooms').select('id').where('topic_id', '=', topic).execute();
    expect(rooms).toEqual([]);
  });

  it('hides an anonymous participant everywhere the other side looks', async () => {
    const anonTopic = h.voice(owner, { is_anonymous: true });
    const roomRes = await h.post('/rooms', { topic_id: anonTopic, room_type_id: 2, is_anonymous: true }, replier);
    const room = roomRes.json().data as Room;
    // Other rooms of the same people are not anonymous; this room's events must hide them.
    const inRoom = (evs: { data: unknown }[]) =>
      evs.filter((e) => [(e.data as { id?: string }).id, (e.data as { room_id?: string }).room_id].includes(room.id));
    expect(room.userInfo).toEqual({
      id: null,
      user_name: ANONYMOUS_NAME,
      profile_image: null,
      gender: null,
      age_id: null,
      area_id: null,
      is_anonymous: true,
    });
    expect(room.participants_array).toEqual([replier.userId]);
    expect(room.anonymous).toEqual({ me: true, partner: true });
    const ownerView = (await h.get(`/rooms/${room.id}`, owner)).json().data as Room;
    expect(ownerView.userInfo).toMatchObject({ id: null, user_name: ANONYMOUS_NAME, is_anonymous: true });
    // Messages both ways, through REST and the socket events.
    await h.send(replier, room.id, { data: '匿名です' });
    await h.send(owner, room.id, { data: 'こちらも匿名' });
    await h.settle();
    expect(inRoom(h.eventsOf(owner)).length).toBeGreaterThanOrEqual(2);
    const ownerSide = JSON.stringify([
      (await h.get(`/rooms/${room.id}/messages`, owner)).json(),
      (await h.get(`/rooms/${room.id}`, owner)).json(),
      inRoom(h.eventsOf(owner)),
      (await h.get(`/messages/toMe/${room.id}`, owner)).json(),
    ]);
    const replierSide = JSON.stringify([
      (await h.get(`/rooms/${room.id}/messages`, replier)).json(),
      inRoom(h.eventsOf(replier)),
      (await h.get(`/messages/toMe/${room.id}`, replier)).json(),
    ]);
    for (const leak of [replier.userId, 'たろう', '/api/v1/users/avatars/female/2.svg'])
      expect(ownerSide).not.toContain(leak);
    for (const leak of [owner.userId, 'はなこ', '/api/v1/users/avatars/female/1.svg'])
      expect(replierSide).not.toContain(leak);
    await h.settle();
    expect(h.seen.opened.find((e) => e.room_id === room.id)).toMatchObject({
      user_id: replier.userId,
      is_anonymous: true,
    });
  });

  it('shows a room to its participants only', async () => {
    const roomId = await h.topicRoom(replier, h.voice(owner));
    expect((await h.get(`/rooms/${roomId}`, stranger)).statusCode).toBe(404);
    expect((await h.get(`/rooms/${roomId}/messages`, stranger)).statusCode).toBe(404);
    expect((await h.send(stranger, roomId)).statusCode).toBe(404);
    expect((await h.put(`/rooms/${roomId}/read`, {}, stranger)).statusCode).toBe(404);
    expect((await h.post(`/rooms/${roomId}/report`, { type: 1, content: 'x' }, stranger)).statusCode).toBe(404);
    expect((await h.put(`/rooms/${roomId}/rate`, { type: 1, star: 5 }, stranger)).statusCode).toBe(404);
    expect((await h.put(`/rooms/${roomId}/replied`, {}, stranger)).statusCode).toBe(404);
    expect((await h.put(`/rooms/${roomId}/showBonusStatus`, {}, stranger)).statusCode).toBe(404);
    expect((await h.post('/rooms', { room_type_id: 2, room_id: roomId }, stranger)).statusCode).toBe(404);
    expect((await h.get(`/rooms/${roomId}`)).statusCode).toBe(401);
    expect((await h.get('/rooms/not-a-uuid', owner)).statusCode).toBe(404);
  });

  it('marks replied once and announces it exactly as topics expects', async () => {
    const topic = h.voice(owner);
    const roomId = await h.topicRoom(replier, topic);
    expect((await h.put(`/rooms/${roomId}/replied`, {}, replier)).json().data.is_replied).toBe(true);
    await h.put(`/rooms/${roomId}/replied`, {}, replier);
    await h.send(replier, roomId);
    await h.settle();
    expect(h.seen.replied.filter((e) => e.room_id === roomId)).toEqual([
      { room_id: roomId, topic_id: topic, user_id: replier.userId },
    ]);
    // The first message of the opener also counts as replying.
    const room2 = await h.topicRoom(replier, h.voice(owner));
    await h.send(owner, room2);
    await h.settle();
    expect(h.seen.replied.filter((e) => e.room_id === room2)).toEqual([]);
    await h.send(replier, room2);
    await eventually(() => expect(h.seen.replied.filter((e) => e.room_id === room2)).toHaveLength(1));
  });

  it('answers showBonusStatus with the room’s paid-chat state to both participants', async () => {
    const roomId = await h.topicRoom(replier, h.voice(owner));
    for (const who of [owner, replier]) {
      const res = await h.put(`/rooms/${roomId}/showBonusStatus`, {}, who);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ room_id: roomId, bonus: false, paid: false, bonus_price: 0, bonus_count: 0 });
    }
    await h.ctx.db.updateTable('rooms').set({ bonus: true }).where('id', '=', roomId).execute();
    expect((await h.put(`/rooms/${roomId}/showBonusStatus`, {}, owner)).json().data).toMatchObject({ bonus: true });
  });

  it('stores reports for moderation with newlines kept, and asks for content', async () => {
    const roomId = await h.topicRoom(replier, h.voice(owner));
    const empty = await h.post(`/rooms/${roomId}/report`, { type: 1, content: '  \n ' }, replier);
    expect(empty.statusCode).toBe(403);
    expect(empty.json()).toMatchObject({
      error: '通報内容を入力してください。',
      errors: { content: '通報内容を入力してください。' },
    });
    const res = await h.post(`/rooms/${roomId}/report`, { type: 1, content: ' 迷惑です\n二行目 ' }, replier);
    expect(res.json()).toMatchObject({ status: 200, data: { message: 'success' } });
    const stored = await h.ctx.db.selectFrom('room_reports').selectAll().where('room_id', '=', roomId).execute();
    expect(stored).toMatchObject([
      { reporter_id: replier.userId, reported_id: owner.userId, type: 1, content: '迷惑です\n二行目' },
    ]);
  });

  it('rates 1 to 5 stars, and remembers the prompt was shown', async () => {
    const roomId = await h.topicRoom(replier, h.voice(owner, { chat_price: 10 }), { confirm_price: true });
    for (const star of [0, 6])
      expect((await h.put(`/rooms/${roomId}/rate`, { type: 1, star }, replier)).json().errors).toEqual({
        star: messages.ratingRange,
      });
    const res = await h.put(`/rooms/${roomId}/rate`, { type: 1, star: 4 }, replier);
    expect(res.json().data).toEqual({ message: CHAT_MESSAGES.ratingThanks, star: 4 });
    await h.put(`/rooms/${roomId}/rate`, { type: 1, star: 5 }, replier);
    expect(
      await h.ctx.db.selectFrom('room_ratings').select(['star', 'rated_id']).where('room_id', '=', roomId).execute(),
    ).toEqual([{ star: 5, rated_id: owner.userId }]);
    expect((await h.get(`/rooms/${roomId}`, replier)).json().data.is_showed_rate_chat).toBe(true);
    expect((await h.get(`/rooms/${roomId}`, owner)).json().data.is_showed_rate_chat).toBe(false);
  });

  it('refuses ratings from the voice’s owner and in free rooms', async () => {
    const paidRoom = await h.topicRoom(replier, h.voice(owner, { chat_price: 10 }), { confirm_price: true });
    const own = await h.put(`/rooms/${paidRoom}/rate`, { star: 1 }, owner);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'rating_not_allowed', error: CHAT_MESSAGES.ratingNotAllowed });
    const freeRoom = await h.topicRoom(replier, h.voice(owner));
    expect((await h.put(`/rooms/${freeRoom}/rate`, { star: 5 }, replier)).statusCode).toBe(403);
    const stored = await h.ctx.db
      .selectFrom('room_ratings')
      .select('room_id')
      .where('room_id', 'in', [paidRoom, freeRoom])
      .execute();
    expect(stored).toEqual([]);
  });

  it('opens friend rooms only between friends; unfriending and renaming remove them with 15', async () => {
    const a = await h.user();
    const b = await h.user();
    const notFriends = await h.post('/rooms', { room_type_id: 1, user_id: b.userId }, a);
    expect(notFriends.json()).toMatchObject({ status: 403, error: CHAT_MESSAGES.notFriends });
    await h.befriend(a, b);
    const room = (await h.post('/rooms', { room_type_id: 1, user_id: b.userId }, a)).json().data as Room;
    // The spec's second numbering (7–10) names the same kinds; 5 and 6 name none.
    expect((await h.post('/rooms', { room_type_id: 9, user_id: b.userId }, a)).json().data).toMatchObject({
      id: room.id,
    });
    expect((await h.post('/rooms', { room_type_id: 5, user_id: b.userId }, a)).statusCode).toBe(403);
    expect(room).toMatchObject({ room_type_id: 1, topic: null, is_friend: true, userInfo: { id: b.userId } });
    expect((await h.post('/rooms', { room_type_id: 1, user_id: a.userId }, b)).json().data.id).toBe(room.id);
    await h.send(a, room.id, { data: 'やあ' });
    await h.publish(
      events.userRenamed,
      {
        user_id: a.userId,
        user_name: '新しい名前',
        renamed_at: new Date(h.clock.now().getTime() + 60_000).toISOString(),
      },
      async () =>
        (await h.ctx.db.selectFrom('rooms').select('id').where('id', '=', room.id).executeTakeFirst()) === undefined,
    );
    await h.settle();
    for (const p of [a, b])
      expect(h.eventsOf(p, CHAT_REALTIME_TYPES.friendRoomDeleted).map((e) => e.data)).toEqual([
        { room_id: room.id, topic_id: null },
      ]);
    expect(await h.ctx.db.selectFrom('messages').select('id').where('room_id', '=', room.id).execute()).toEqual([]);
    expect((await h.post('/rooms', { room_type_id: 1, user_id: b.userId }, a)).statusCode).toBe(403);
    // Friends again (after the rename), then unfriended: the room goes again.
    h.clock.advance(120_000);
    await h.befriend(a, b, true);
    const again = (await h.post('/rooms', { room_type_id: 1, user_id: b.userId }, a)).json().data as Room;
    await h.befriend(b, a, false);
    await eventually(async () => expect((await h.get(`/rooms/${again.id}`, a)).statusCode).toBe(404));
  });

  it('answers accounts’ rename request with the friend rooms it removed', async () => {
    const a = await h.user();
    const b = await h.user();
    await h.befriend(a, b);
    const room = (await h.post('/rooms', { room_type_id: 1, user_id: b.userId }, a)).json().data as Room;
    const reply = await h.infra.bus.request(requests.chatFriendRoomsRemove, {
      user_id: b.userId,
      renamed_at: new Date(h.clock.now().getTime() + 60_000).toISOString(),
    });
    expect(reply).toEqual({ room_ids: [room.id] });
    expect((await h.get(`/rooms/${room.id}`, a)).statusCode).toBe(404);
    await h.settle();
    expect(h.eventsOf(a, CHAT_REALTIME_TYPES.friendRoomDeleted).map((e) => e.data)).toEqual([
      { room_id: room.id, topic_id: null },
    ]);
  });

  it('closes a voice’s rooms on expiry or deletion: flagged deleted, messages gone, 14 to both', async () => {
    const topic = h.voice(owner);
    const roomId = await h.topicRoom(replier, topic);
    await h.send(replier, roomId);
    await h.publish(
      events.topicExpired,
      {
        topic_id: topic,
        thread_id: crypto.randomUUID(),
        user_id: owner.userId,
        expire_at: h.clock.now().toISOString(),
      },
      async () => (await h.get(`/rooms/${roomId}`, replier)).json().data.deleted === true,
    );
    await h.settle();
    // The voice's time ran out: '14' says so, and the open room tells its people that (walk #10).
    for (const p of [owner, replier])
      expect(h.eventsOf(p, CHAT_REALTIME_TYPES.topicRoomDeleted).map((e) => e.data)).toContainEqual({
        room_id: roomId,
        topic_id: topic,
        expired: true,
      });
    expect((await h.get(`/rooms/${roomId}/messages`, replier)).json().data).toEqual([]);
    const sent = await h.send(replier, roomId);
    expect(sent.statusCode).toBe(404);
    expect(sent.json().error).toBe(messages.voiceGone);

    const topic2 = h.voice(owner);
    const room2 = await h.topicRoom(replier, topic2);
    await h.publish(
      events.topicDeleted,
      {
        topic_id: topic2,
        thread_id: crypto.randomUUID(),
        user_id: owner.userId,
        reason: 'replaced',
        deleted_at: h.clock.now().toISOString(),
      },
      async () => (await h.get(`/rooms/${room2}`, owner)).json().data.deleted === true,
    );
    await h.settle();
    // A voice deleted (here replaced) is not one whose time ran out.
    expect(h.eventsOf(replier, CHAT_REALTIME_TYPES.topicRoomDeleted).map((e) => e.data)).toContainEqual({
      room_id: room2,
      topic_id: topic2,
    });
    // A room closed before its voice's expiry takes nothing either: refused, and nothing stored.
    const late = await h.send(replier, room2, { data: '閉じた部屋へ' });
    expect(late.statusCode).toBe(404);
    expect(late.json().error).toBe(messages.voiceGone);
    const stored = await h.ctx.db.selectFrom('messages').select('id').where('room_id', '=', room2).execute();
    expect(stored).toEqual([]);
  });

  it('lets a voice’s owner open rooms only with people who wrote on it', async () => {
    const topic = h.voice(owner);
    const refused = await h.post('/rooms', { topic_id: topic, room_type_id: 2, user_id: stranger.userId }, owner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 403, error: CHAT_MESSAGES.notAReplier });
    await h.settle();
    expect(h.seen.opened.filter((e) => e.topic_id === topic)).toEqual([]);
    // Once the stranger writes on the voice, the owner reaches that very room.
    const opened = (await h.post('/rooms', { topic_id: topic, room_type_id: 2 }, stranger)).json().data as Room;
    const fromOwner = await h.post('/rooms', { topic_id: topic, room_type_id: 2, user_id: stranger.userId }, owner);
    expect(fromOwner.json().data.id).toBe(opened.id);
  });

  it('answers chat.rooms.preview for history rows, and says which voice each unread room is on', async () => {
    const topic = h.voice(owner);
    const room = (await h.post('/rooms', { topic_id: topic, room_type_id: 2 }, replier)).json().data as Room;
    await h.send(replier, room.id, { data: 'はじめまして' });
    await h.send(replier, room.id, { data: '聞いてください' });
    const other = (await h.post('/rooms', { topic_id: h.voice(stranger), room_type_id: 2 }, replier)).json()
      .data as Room;
    const reply = await h.infra.bus.request(requests.chatRoomsPreview, {
      user_id: owner.userId,
      room_ids: [room.id, other.id, 'not-a-room'],
    });
    // The other room is not the owner's: it is left out, not described.
    expect(reply.previews).toEqual([
      { room_id: room.id, unreadCount: 2, latestMessage: '聞いてください', updated_at: expect.any(String) },
    ]);
    const unread = (await h.get('/rooms/unread', owner)).json().data;
    expect(unread.rooms.find((r: { room_id: string }) => r.room_id === room.id)).toMatchObject({
      topic_id: topic,
      unreadCount: 2,
    });
  });

  it('answers chat.rooms.summary for the friend list', async () => {
    const a = await h.user();
    const b = await h.user();
    const c = await h.user();
    await h.befriend(a, b);
    const roomId = (await h.post('/rooms', { room_type_id: 1, user_id: b.userId }, a)).json().data.id as string;
    await h.send(b, roomId, { data: 'ひとつめ' });
    await h.send(b, roomId, { message_type_id: 3, stamp_id: 2 });
    const { requests } = await import('@honne/contracts/events');
    const reply = await h.infra.bus.request(requests.chatRoomsSummary, {
      user_id: a.userId,
      peer_ids: [b.userId, c.userId],
    });
    expect(reply.summaries).toEqual([
      { peer_id: b.userId, room_id: roomId, unreadCount: 2, latestMessage: 'スタンプ', updated_at: expect.any(String) },
      { peer_id: c.userId, room_id: null, unreadCount: 0, latestMessage: null, updated_at: null },
    ]);
    await h.send(a, roomId, { data: '声', is_voice: true });
    const after = await h.infra.bus.request(requests.chatRoomsSummary, { user_id: b.userId, peer_ids: [a.userId] });
    expect(after.summaries[0]).toMatchObject({ unreadCount: 1, latestMessage: 'ボイスメッセージ' });
  });

  it('answers chat.snapshot.rooms page by page as the events said it: the rooms on voices still there (topics’ rebuild)', async () => {
    const a = await h.user();
    const anon = await h.topicRoom(a, h.voice(owner), { is_anonymous: true });
    await h.send(a, anon);
    const quiet = await h.topicRoom(a, h.voice(owner));
    await h.send(owner, quiet);
    const closed = await h.topicRoom(a, h.voice(owner));
    await h.ctx.db.updateTable('rooms').set({ deleted_at: h.clock.now() }).where('id', '=', closed).execute();
    await h.befriend(a, stranger);
    const friendRoom = (await h.post('/rooms', { room_type_id: 1, user_id: stranger.userId }, a)).json().data
      .id as string;

    const items = [];
    for await (const page of snapshotPages(h.infra.bus, requests.chatRoomsPage, 1)) items.push(...page);
    const ids = items.map((i) => i.opened.room_id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(closed);
    expect(ids).not.toContain(friendRoom);
    const topicOf = async (id: string) =>
      (await h.ctx.db.selectFrom('rooms').select('topic_id').where('id', '=', id).executeTakeFirstOrThrow()).topic_id!;
    expect(items.filter((i) => i.opened.room_id === anon)).toEqual([
      {
        opened: { room_id: anon, topic_id: await topicOf(anon), user_id: a.userId, is_anonymous: true },
        replied: { room_id: anon, topic_id: await topicOf(anon), user_id: a.userId },
      },
    ]);
    expect(items.filter((i) => i.opened.room_id === quiet)).toEqual([
      {
        opened: { room_id: quiet, topic_id: await topicOf(quiet), user_id: a.userId, is_anonymous: false },
        replied: null,
      },
    ]);
  });

  it('removes a deleted user’s rooms and messages and tells the other side', async () => {
    const gone = await h.user();
    const roomId = await h.topicRoom(gone, h.voice(owner));
    await h.send(gone, roomId);
    await h.publish(
      events.userDeleted,
      { user_id: gone.userId, deleted_at: h.clock.now().toISOString() },
      async () =>
        (await h.ctx.db.selectFrom('rooms').select('id').where('id', '=', roomId).executeTakeFirst()) === undefined,
    );
    await h.settle();
    expect(
      h.eventsOf(owner, CHAT_REALTIME_TYPES.topicRoomDeleted).map((e) => (e.data as { room_id: string }).room_id),
    ).toContain(roomId);
    expect(await h.ctx.db.selectFrom('messages').select('id').where('sender_id', '=', gone.userId).execute()).toEqual(
      [],
    );
    expect(
      await h.ctx.db.selectFrom('user_cards').select('user_id').where('user_id', '=', gone.userId).execute(),
    ).toEqual([]);
  });
});
