import { Type, type Static, type TSchema } from '@sinclair/typebox';

import { CALLS_REALTIME_TYPES, CallSignalEvent, CallView } from './calls.ts';
import { CHAT_REALTIME_TYPES, Message, Room } from './chat.ts';
import { Nullable } from './common.ts';
import { Friend, FriendRequest } from './friends.ts';
import { BalanceChanged } from './points.ts';
import { REALTIME_TYPES, type RealtimeEvent } from './realtime.ts';
import { TOPIC_CHANNEL_EVENTS, Topic } from './topics.ts';

/** A real-time event type with the schema of its `data`: the publisher checks it, the client reads it typed. */
export interface RealtimeEventDef<S extends TSchema = TSchema> {
  type: string;
  schema: S;
}
export type RealtimeData<D extends RealtimeEventDef> = Static<D['schema']>;

const def = <S extends TSchema>(type: string, schema: S): RealtimeEventDef<S> => ({ type, schema });

const RoomGone = Type.Object({
  room_id: Type.String(),
  topic_id: Nullable(Type.String()),
  /** The voice's time ran out (not deleted or blocked): the room says so rather than 'no such voice'. */
  expired: Type.Optional(Type.Boolean()),
});
const MessagesGone = Type.Object({ room_id: Type.String(), ids: Type.Array(Type.String()) });
const TopicGone = Type.Object({ topic_id: Type.String(), thread_id: Type.String() });

/**
 * Every event the socket carries, by name: to one user (sequenced, replayed after a reconnect) or
 * to a channel's subscribers (live lists). Services publish through these; clients read with
 * `dataOf`. The spec's '11'–'15' codes are defined once, in REALTIME_TYPES.
 */
export const realtimeEvents = {
  friendAdded: def(REALTIME_TYPES.friendAdded, Friend),
  friendDeleted: def(REALTIME_TYPES.friendDeleted, Type.Object({ user_id: Type.String() })),
  friendRequested: def(REALTIME_TYPES.friendRequested, FriendRequest),
  historyDeleted: def(
    REALTIME_TYPES.historyDeleted,
    Type.Object({ history_id: Type.String(), topic_id: Type.String(), room_id: Nullable(Type.String()) }),
  ),
  topicRoomDeleted: def(REALTIME_TYPES.topicRoomDeleted, RoomGone),
  friendRoomDeleted: def(REALTIME_TYPES.friendRoomDeleted, RoomGone),
  pointsChanged: def(REALTIME_TYPES.pointsChanged, BalanceChanged),
  messageCreated: def(CHAT_REALTIME_TYPES.messageCreated, Message),
  messageRead: def(
    CHAT_REALTIME_TYPES.messageRead,
    Type.Object({
      room_id: Type.String(),
      ids: Type.Array(Type.String()),
      read_at: Type.String(),
      /** To the reader's own other tabs: what is left unread in the room. */
      unreadCount: Type.Optional(Type.Integer()),
      by_me: Type.Optional(Type.Boolean()),
    }),
  ),
  messageDeleted: def(CHAT_REALTIME_TYPES.messageDeleted, MessagesGone),
  messageExpired: def(CHAT_REALTIME_TYPES.messageExpired, MessagesGone),
  roomUpdated: def(CHAT_REALTIME_TYPES.roomUpdated, Room),
  callState: def(CALLS_REALTIME_TYPES.callState, CallView),
  callSignal: def(CALLS_REALTIME_TYPES.callSignal, CallSignalEvent),
  topicCreated: def(TOPIC_CHANNEL_EVENTS.created, Topic),
  topicExpired: def(TOPIC_CHANNEL_EVENTS.expired, TopicGone),
  topicDeleted: def(TOPIC_CHANNEL_EVENTS.deleted, TopicGone),
  // Moderation (issue 27), to everyone but the poster, who keeps seeing the voice with its notice.
  topicHidden: def(TOPIC_CHANNEL_EVENTS.hidden, TopicGone),
  topicShown: def(TOPIC_CHANNEL_EVENTS.shown, Topic),
  // The socket's own frames: the first after open (the user's newest seq), answers to commands,
  // and what the gateway cannot reach (SystemStatus).
  hello: def(REALTIME_TYPES.hello, Type.Object({ seq: Type.Integer() })),
  commandResult: def(
    REALTIME_TYPES.commandResult,
    Type.Object({ ref: Type.String(), status: Type.Integer(), body: Type.Unknown() }),
  ),
  systemStatus: def(
    REALTIME_TYPES.systemStatus,
    Type.Object({ down: Type.Array(Type.Union([Type.Literal('cache'), Type.Literal('bus')])) }),
  ),
} as const;

export type RealtimeEventName = keyof typeof realtimeEvents;
/** The data of the event called `name` in `realtimeEvents`. */
export type RealtimeDataOf<N extends RealtimeEventName> = RealtimeData<(typeof realtimeEvents)[N]>;

/** The event's data, typed, when it is of `def`'s type; undefined for any other event. */
export function dataOf<D extends RealtimeEventDef>(event: RealtimeEvent, d: D): RealtimeData<D> | undefined {
  return event.type === d.type ? (event.data as RealtimeData<D>) : undefined;
}
