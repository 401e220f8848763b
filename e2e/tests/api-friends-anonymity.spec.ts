import { messages } from '@honne/contracts/messages';
import { expect, test } from '@playwright/test';

import { auth, openRoom, postVoice, userWithProfile } from './topics-helpers.ts';

test('a friendship made from a room needs both people there under their own names (checked on the server)', async ({
  request,
}) => {
  const a = await userWithProfile(request, 'anon-a', { user_name: 'あん', gender: 2, age_id: 3, area_id: 13 });
  const b = await userWithProfile(request, 'anon-b', { user_name: 'びい', gender: 1, age_id: 2, area_id: 13 });
  const c = await userWithProfile(request, 'anon-c', { user_name: 'しい', gender: 1, age_id: 2, area_id: 13 });

  const topicId = (await postVoice(request, a, { title: 'だれでもどうぞ' })).id;
  const openRoomAs = (who: typeof b, isAnonymous: boolean) => openRoom(request, who, topicId, isAnonymous);
  const addFriend = (who: typeof a, other: typeof b, room_id: string) =>
    request.post('/api/v1/users/friends', {
      headers: auth(who),
      data: { user_id: other.userId, room_id, topic_id: topicId },
    });

  // B talks to A anonymously: A cannot make B a friend from that room, nor B make A one.
  const anonymousRoom = await openRoomAs(b, true);
  const refused = await addFriend(a, b, anonymousRoom);
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toBe(messages.cannotFriendAnonymous);
  expect((await addFriend(b, a, anonymousRoom)).status()).toBe(403);

  // Nobody befriends through a room they are not in.
  expect((await addFriend(c, b, anonymousRoom)).status()).toBe(404);

  // C talks to A under their own name: the friendship is made.
  const namedRoom = await openRoomAs(c, false);
  const added = await addFriend(a, c, namedRoom);
  expect(added.status(), await added.text()).toBe(200);
  expect((await added.json()).data.message).toBe(messages.friendAdded);
});
