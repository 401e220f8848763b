import { messages } from '@honne/contracts/messages';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from './harness.ts';

type Caller = { userId: string; sessionId: string };

// Walk #21: honne's screens ask to be friends and the other side accepts; the spec's instant
// POST /users/friends stays for the spec's client (friends-blocks.test.ts).
describe.each(infraModes())('friend requests ($name)', (mode) => {
  let h: Harness;
  let a: Caller, b: Caller, c: Caller, d: Caller;
  let delivered: ReturnType<Harness['deliveries']>;

  const named = (email: string, user_name: string): Promise<Caller> => h.registerNamed(email, user_name);

  beforeAll(async () => {
    h = await startHarness(mode);
    delivered = h.deliveries();
    a = await named('ra@example.jp', 'あかり');
    b = await named('rb@example.jp', 'ゆうと');
    c = await named('rc@example.jp', 'さくら');
    d = await named('rd@example.jp', 'みなと');
  });
  afterAll(() => h?.close());

  const ask = (me: Caller, other: Caller) => h.post('/users/friend_requests', { user_id: other.userId }, h.as(me));
  const waiting = async (me: Caller) =>
    (await h.get('/users/friend_requests', h.as(me))).json().data as { id: string; user: { id: string } }[];
  const friendIds = async (me: Caller) =>
    ((await h.get('/users/friends', h.as(me))).json().data as { user: { id: string } }[]).map((f) => f.user.id);

  it('a request makes nobody a friend until the other side accepts; the receiver hears of it at once', async () => {
    const sent = await ask(b, a);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toEqual({ status: 'requested', message: messages.friendRequested });
    expect(await friendIds(a)).toEqual([]);
    expect(await friendIds(b)).toEqual([]);
    // Asking twice is the same one request.
    expect((await ask(b, a)).json().data.status).toBe('requested');
    const list = await waiting(a);
    expect(list).toEqual([
      {
        id: expect.any(String),
        user: expect.objectContaining({ id: b.userId, user_name: 'ゆうと' }),
        created_at: expect.any(String),
      },
    ]);
    expect(await waiting(b)).toEqual([]);
    await expect
      .poll(() => delivered.filter((e) => e.type === 'friend.requested').map((e) => e.user_id))
      .toEqual([a.userId]);
    // The asker's search says it is pending; the receiver's does not.
    expect((await h.post('/users/search', { keyword: 'あかり' }, h.as(b))).json().data[0]).toMatchObject({
      is_friend: false,
      is_requested: true,
    });
    // Only the receiver can accept.
    expect((await h.post(`/users/friend_requests/${list[0]!.id}/accept`, {}, h.as(b))).statusCode).toBe(404);
    const accepted = await h.post(`/users/friend_requests/${list[0]!.id}/accept`, {}, h.as(a));
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({ message: messages.friendAdded, user: { id: b.userId } });
    expect(await friendIds(a)).toEqual([b.userId]);
    expect(await friendIds(b)).toEqual([a.userId]);
    expect(await waiting(a)).toEqual([]);
    expect((await ask(a, b)).json().error).toBe(messages.alreadyFriends);
  });

  it('asking someone who already asked me is a yes; a declined request just goes', async () => {
    expect((await ask(c, a)).json().data.status).toBe('requested');
    expect((await ask(a, c)).json().data).toEqual({ status: 'friends', message: messages.friendAdded });
    expect((await friendIds(c)).sort()).toEqual([a.userId]);
    expect(await waiting(a)).toEqual([]);

    await ask(d, c);
    const [req] = await waiting(c);
    expect((await h.post(`/users/friend_requests/${req!.id}/decline`, {}, h.as(c))).json().data).toEqual({ ok: true });
    expect(await waiting(c)).toEqual([]);
    expect(await friendIds(c)).not.toContain(d.userId);
  });

  it('a block stays invisible: a request to someone who blocks me looks sent and never arrives', async () => {
    expect((await h.post('/users/block', { id: d.userId }, h.as(b))).json().data).toBe(true);
    const sent = await ask(d, b);
    expect(sent.json().data).toEqual({ status: 'requested', message: messages.friendRequested });
    expect(await waiting(b)).toEqual([]);
    // My own block I am told about.
    expect((await ask(b, d)).json().error).toBe(messages.cannotFriendBlocked);
    // A request that was waiting when the block came is hidden with it.
    await ask(d, a);
    expect((await waiting(a)).map((r) => r.user.id)).toEqual([d.userId]);
    await h.post('/users/block', { id: d.userId }, h.as(a));
    expect(await waiting(a)).toEqual([]);
  });
});
