import { Type, type Static, type TSchema } from '@sinclair/typebox';

import { RealtimeEvent } from './realtime.ts';

/**
 * Bus subjects read `<service>.<entity>.<past-tense>`; the payload schema stands next to each
 * subject and is checked on publish. Requests (request/reply) read `<service>.<entity>.<verb>`.
 */
export const events = {
  userRegistered: {
    subject: 'accounts.user.registered',
    schema: Type.Object({
      user_id: Type.String(),
      email_id: Type.String(),
      registered_at: Type.String(),
    }),
  },
  sessionRevoked: {
    subject: 'accounts.session.revoked',
    schema: Type.Object({
      user_id: Type.String(),
      session_id: Type.String(),
      reason: Type.Union([
        Type.Literal('other_device'),
        /** The same device logged in again; its older session ends quietly. */
        Type.Literal('replaced'),
        Type.Literal('logout'),
        Type.Literal('password_reset'),
        Type.Literal('deleted'),
      ]),
    }),
  },
  /**
   * What other services may show of a user (lists, cards). Published by accounts on every change;
   * services keep their own copy (a read model) and never read accounts' tables.
   */
  userProfileUpdated: {
    subject: 'accounts.user.profile_updated',
    schema: Type.Object({
      user_id: Type.String(),
      email_id: Type.String(),
      user_name: Type.Union([Type.String(), Type.Null()]),
      profile_image: Type.Union([Type.String(), Type.Null()]),
      gender: Type.Union([Type.String(), Type.Null()]),
      age_id: Type.Union([Type.Integer(), Type.Null()]),
      area_id: Type.Union([Type.Integer(), Type.Null()]),
      max_point_for_chatting: Type.Integer(),
      max_point_for_a_call: Type.Integer(),
      updated_at: Type.String(),
    }),
  },
  /** The user changed their name: their friends are reset and friend rooms removed (spec §4). */
  userRenamed: {
    subject: 'accounts.user.renamed',
    schema: Type.Object({ user_id: Type.String(), user_name: Type.String(), renamed_at: Type.String() }),
  },
  /** A user (or one character) was deleted: every service removes what it holds of them. */
  userDeleted: {
    subject: 'accounts.user.deleted',
    schema: Type.Object({ user_id: Type.String(), deleted_at: Type.String() }),
  },
  /** A real-time event for one user, sequenced already; every gateway instance receives it. */
  realtimeDelivered: {
    subject: 'realtime.event.delivered',
    schema: Type.Object({
      user_id: Type.String(),
      /** When set, only sockets of this session receive it. */
      session_id: Type.Optional(Type.String()),
      event: RealtimeEvent,
    }),
  },
  /**
   * A real-time event for everyone watching a channel (e.g. the voices of one theme). Not
   * sequenced and not replayed: a client that reconnects reloads the list instead.
   */
  channelDelivered: {
    subject: 'realtime.channel.delivered',
    schema: Type.Object({ channel: Type.String({ pattern: '^[a-z]+:[A-Za-z0-9:_-]{1,120}$' }), event: RealtimeEvent }),
  },
} as const satisfies Record<string, { subject: string; schema: TSchema }>;

export const requests = {
  balanceGet: {
    subject: 'points.balance.get',
    request: Type.Object({ user_id: Type.String() }),
    reply: Type.Object({ user_id: Type.String(), balance: Type.Integer() }),
  },
} as const satisfies Record<string, { subject: string; request: TSchema; reply: TSchema }>;

export type EventDef = { subject: string; schema: TSchema };
export type EventPayload<E extends EventDef> = Static<E['schema']>;
export type RequestDef = { subject: string; request: TSchema; reply: TSchema };
export type RequestPayload<R extends RequestDef> = Static<R['request']>;
export type ReplyPayload<R extends RequestDef> = Static<R['reply']>;
