import { Type, type Static } from '@sinclair/typebox';

import { Envelope, ErrorEnvelope, Nullable, Uuid, PageQuery, endpoint, type FieldErrors } from './common.ts';
import { messages } from './messages.ts';

// Friends, blocks and reports about users (spec accounts-profile-friends §2–§9), owned by accounts.

export const FRIENDS_PAGE_SIZE = 30;
export const REPORT_MAX = 1000;

export const UserCard = Type.Object({
  id: Type.String(),
  user_name: Nullable(Type.String()),
  profile_image: Type.String(),
  gender: Nullable(Type.String()),
  age_id: Nullable(Type.Integer()),
  area_id: Nullable(Type.Integer()),
});
export type UserCard = Static<typeof UserCard>;

export const Friend = Type.Object({
  id: Type.String(),
  user: UserCard,
  room_id: Nullable(Type.String()),
  topic_id: Nullable(Type.String()),
  anonymous: Type.Record(Type.String(), Type.Boolean()),
  unreadCount: Type.Integer(),
  latestMessage: Nullable(Type.String()),
  updated_at: Type.String(),
});
export type Friend = Static<typeof Friend>;

export const AddFriendBody = Type.Object({
  user_id: Uuid(),
  room_id: Type.Optional(Nullable(Uuid())),
  topic_id: Type.Optional(Nullable(Uuid())),
});
export const IdBody = Type.Object({ id: Uuid() });

export const SearchBody = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  last_doc_id: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export const SearchResult = Type.Object({
  id: Type.String(),
  user_name: Nullable(Type.String()),
  profile_image: Type.String(),
  is_friend: Type.Boolean(),
  /** Ours (walk #21): I asked them and they have not answered yet. */
  is_requested: Type.Optional(Type.Boolean()),
});
export type SearchResult = Static<typeof SearchResult>;

/**
 * A friend request waiting for its receiver (ours, walk #21): the spec's POST /users/friends still
 * befriends at once for the spec's client; honne's screens ask first and the other side accepts.
 */
export const FriendRequest = Type.Object({
  id: Type.String(),
  user: Type.Object({ id: Type.String(), user_name: Nullable(Type.String()), profile_image: Type.String() }),
  created_at: Type.String(),
});
export type FriendRequest = Static<typeof FriendRequest>;

export const FRIEND_REQUEST_STATUS = { requested: 'requested', friends: 'friends' } as const;
export const FriendRequestResult = Type.Object({
  /** 'requested': waiting for the other side; 'friends': they had asked me, so we are friends now. */
  status: Type.Union([Type.Literal('requested'), Type.Literal('friends')]),
  message: Type.String(),
});
export type FriendRequestResult = Static<typeof FriendRequestResult>;

export const BlockEntry = Type.Object({
  id: Type.String(),
  user: Type.Object({ id: Type.String(), user_name: Nullable(Type.String()), profile_image: Type.String() }),
});
export type BlockEntry = Static<typeof BlockEntry>;

export const UserReportBody = Type.Object({
  /** The reported user; the spec's client sent `email`, which honne never exposes, so the id is used. */
  user_id: Type.Optional(Uuid()),
  email: Type.Optional(Type.String({ maxLength: 200 })),
  report: Type.Optional(Type.String({ maxLength: 5000 })),
});

const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };
const Success = Type.Object({ message: Type.String() });

export const friendsEndpoints = {
  list: endpoint({
    method: 'GET',
    url: '/users/friends',
    service: 'accounts',
    summary: 'Friends, latest message first (30 per page)',
    auth: 'user',
    schema: { querystring: PageQuery, response: { 200: Envelope(Type.Array(Friend)), ...errors } },
  }),
  get: endpoint({
    method: 'GET',
    url: '/users/friends/:id',
    service: 'accounts',
    summary: 'One friend entry',
    auth: 'user',
    schema: {
      params: Type.Object({ id: Uuid() }),
      response: { 200: Envelope(Friend), ...errors },
    },
  }),
  add: endpoint({
    method: 'POST',
    url: '/users/friends',
    service: 'accounts',
    summary: 'Add a friend (from a room, a card or the search)',
    auth: 'user',
    schema: { body: AddFriendBody, response: { 200: Envelope(Type.Intersect([Friend, Success])), ...errors } },
  }),
  requestFriend: endpoint({
    method: 'POST',
    url: '/users/friend_requests',
    service: 'accounts',
    summary: 'Ask to be friends (ours): the other side accepts; a crossed request befriends at once',
    auth: 'user',
    schema: { body: AddFriendBody, response: { 200: Envelope(FriendRequestResult), ...errors } },
  }),
  friendRequests: endpoint({
    method: 'GET',
    url: '/users/friend_requests',
    service: 'accounts',
    summary: 'Friend requests waiting for me (ours), newest first',
    auth: 'user',
    schema: { response: { 200: Envelope(Type.Array(FriendRequest)), ...errors } },
  }),
  acceptFriendRequest: endpoint({
    method: 'POST',
    url: '/users/friend_requests/:id/accept',
    service: 'accounts',
    summary: 'Accept a friend request (ours): both become friends',
    auth: 'user',
    schema: {
      params: Type.Object({ id: Uuid() }),
      response: { 200: Envelope(Type.Intersect([Friend, Success])), ...errors },
    },
  }),
  declineFriendRequest: endpoint({
    method: 'POST',
    url: '/users/friend_requests/:id/decline',
    service: 'accounts',
    summary: 'Decline a friend request (ours); the asker is not told',
    auth: 'user',
    schema: {
      params: Type.Object({ id: Uuid() }),
      response: { 200: Envelope(Type.Object({ ok: Type.Boolean() })), ...errors },
    },
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/users/friends',
    service: 'accounts',
    summary: 'Remove a friend, for both sides',
    auth: 'user',
    schema: { body: IdBody, response: { 200: Envelope(Type.Object({ ok: Type.Boolean() })), ...errors } },
  }),
  search: endpoint({
    method: 'POST',
    url: '/users/search',
    service: 'accounts',
    summary: 'Find users by name to add as friends (30 per page)',
    auth: 'user',
    schema: { body: SearchBody, response: { 200: Envelope(Type.Array(SearchResult)), ...errors } },
  }),
  blocks: endpoint({
    method: 'GET',
    url: '/users/blocks',
    service: 'accounts',
    summary: 'Users I blocked (30 per page)',
    auth: 'user',
    schema: { querystring: PageQuery, response: { 200: Envelope(Type.Array(BlockEntry)), ...errors } },
  }),
  block: endpoint({
    method: 'POST',
    url: '/users/block',
    service: 'accounts',
    summary: 'Block a user: their messages, call signals and pings never reach me',
    auth: 'user',
    schema: { body: IdBody, response: { 200: Envelope(Type.Boolean()), ...errors } },
  }),
  unblock: endpoint({
    method: 'POST',
    url: '/users/unblock',
    service: 'accounts',
    summary: 'Unblock a user',
    auth: 'user',
    schema: { body: IdBody, response: { 200: Envelope(Type.Boolean()), ...errors } },
  }),
  report: endpoint({
    method: 'PUT',
    url: '/users/user_report',
    service: 'accounts',
    summary: 'Report a user to the moderators',
    auth: 'user',
    schema: { body: UserReportBody, response: { 200: Envelope(Success), ...errors } },
  }),
} as const;

export function validateReport(report: string | undefined): FieldErrors {
  const text = (report ?? '').trim();
  if (!text) return { report: messages.reportRequired };
  if (text.length > REPORT_MAX) return { report: messages.reportTooLong };
  return {};
}
