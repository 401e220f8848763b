import { Type, type Static } from '@sinclair/typebox';

/**
 * Server → client event types on the real-time socket. '11'–'15' are the spec's per-user events
 * (accounts-profile-friends §4); the named ones are ours.
 */
export const REALTIME_TYPES = {
  friendAdded: '11',
  friendDeleted: '12',
  historyDeleted: '13',
  topicRoomDeleted: '14',
  friendRoomDeleted: '15',
  forcedLogout: 'session.forced_logout',
  /** Someone asked to be this user's friend (ours, walk #21): `data` is a FriendRequest. */
  friendRequested: 'friend.requested',
  pointsChanged: 'points.balance_changed',
  hello: 'hello',
  /** The answer to a client's `command` frame: `data` is `{ ref, status, body }` (body as the HTTP endpoint's). */
  commandResult: 'command.result',
  /**
   * The gateway lost (or regained) a part live delivery depends on: `data` is SystemStatus. Sent
   * to every open socket when it changes and after `hello` while something is down; no seq.
   */
  systemStatus: 'system.status',
} as const;
export type RealtimeType = (typeof REALTIME_TYPES)[keyof typeof REALTIME_TYPES] | (string & {});

/** One delivered event. `seq` grows by one per user; events without seq are not replayable. */
export const RealtimeEvent = Type.Object({
  type: Type.String(),
  seq: Type.Optional(Type.Integer()),
  at: Type.String(),
  data: Type.Unknown(),
});
export type RealtimeEvent = Static<typeof RealtimeEvent>;

/**
 * What the gateway cannot reach right now: `cache` (Redis: sessions, seq numbers, replay logs) or
 * `bus` (NATS: live delivery, socket commands). Empty when everything is back. Messages sent
 * meanwhile are stored and delivered once the part is back; the app says so in a banner.
 */
export type SystemPart = 'cache' | 'bus';
export interface SystemStatus {
  down: SystemPart[];
}

/** Client → server frames. */
export const RealtimeClientFrame = Type.Union([
  Type.Object({ type: Type.Literal('resume'), since: Type.Integer({ minimum: 0 }) }),
  Type.Object({ type: Type.Literal('ping') }),
  /** Live events of a channel (e.g. `topics:<filter key>`) while subscribed; at most a few per socket. */
  Type.Object({ type: Type.Literal('subscribe'), channel: Type.String({ maxLength: 128 }) }),
  Type.Object({ type: Type.Literal('unsubscribe'), channel: Type.String({ maxLength: 128 }) }),
  /**
   * Runs a command (RealtimeCommandName) over the open socket instead of an HTTP request (cheaper and
   * faster for what a chat does many times a minute); answered by a `command.result` with the
   * same `ref`. Same authorization, validation and errors as the HTTP endpoint.
   */
  Type.Object({
    type: Type.Literal('command'),
    ref: Type.String({ minLength: 1, maxLength: 64 }),
    name: Type.String({ maxLength: 64 }),
    body: Type.Unknown(),
  }),
]);

/** Commands a client may send over the socket (each carried to its service by a bus request, see `realtimeCommands`). */
export type RealtimeCommandName = 'message.send' | 'call.signal';

export interface RealtimeCommandResult {
  ref: string;
  status: number;
  body: unknown;
}
export type RealtimeClientFrame = Static<typeof RealtimeClientFrame>;

/** Close codes the client acts on. */
export const REALTIME_CLOSE = {
  unauthorized: 4401,
  /** The user opened more sockets than the gateway keeps; this, the oldest, made way. Not retried. */
  replaced: 4408,
  forcedLogout: 4409,
} as const;

/** How many events per user the server keeps for a reconnecting client. */
export const REALTIME_REPLAY_LIMIT = 1000;
