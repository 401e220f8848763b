import { messages } from '@honne/contracts/messages';
import { expect, test } from '@playwright/test';

import { auth, userWithProfile } from './topics-helpers.ts';

test('a friendship made from a room needs both people there under their own names (checked on the server)', async ({
  request,
}) => {
  const a = await userWithProfile(request, 'anon-a', { user_name: 'あん', gender: 2, age_id: 3, area_id: 13 });
  const b = await userWithProfile(request, 'anon-b', { user_name: 'びい', gender: 1, age_id: 2, area_id: 13 });
  const c = await userWithProfile(request, 'anon-c', { user_name: 'しい', gender: 1, age_id: 2, area_id: 13 });

  const thread = (
    await (
      await request.post('/api/v1/threads/join', {
        headers: auth(a),
        data: { area_id: 13, category_id: 5, sub_category_id: 22 },
      })
    ).json()
  ).data as { id: string };
  const voice = await request.post(`/api/v1/topics/${thread.id}`, {
    headers: auth(a),
    data: {
      title: 'だれでもどうぞ',
      sub_category_id: 22,
      area_id: 13,
      expire_after_minute: 10,
      chat_price: 0,
      call_price: 0,
    },
  });
  expect(voice.status(), await voice.text()).toBe(200);
  const topicId = (await voice.json()).data.id as string;
  const openRoom = async (who: typeof b, is_anonymous: boolean) => {
    const res = await request.post('/api/v1/rooms', {
      headers: auth(who),
      data: { topic_id: topicId, room_type_id: 2, is_anonymous },
    });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).data.id as string;
  };
  const addFriend = (who: typeof a, other: typeof b, room_id: string) =>
    request.post('/api/v1/users/friends', {
      headers: auth(who),
      data: { user_id: other.userId, room_id, topic_id: topicId },
    });

  // B talks to A anonymously: A cannot make B a friend from that room, nor B make A one.
  const anonymousRoom = await openRoom(b, true);
  const refused = await addFriend(a, b, anonymousRoom);
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toBe(messages.cannotFriendAnonymous);
  expect((await addFriend(b, a, anonymousRoom)).status()).toBe(403);

  // Nobody befriends through a room they are not in.
  expect((await addFriend(c, b, anonymousRoom)).status()).toBe(404);

  // C talks to A under their own name: the friendship is made.
  const namedRoom = await openRoom(c, false);
  const added = await addFriend(a, c, namedRoom);
  expect(added.status(), await added.text()).toBe(200);
  expect((await added.json()).data.message).toBe(messages.friendAdded);
});
