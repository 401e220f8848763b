import { createHash } from 'node:crypto';

import { messages } from '@honne/contracts/messages';
import { normalize } from '@honne/text-filter';
import { Type } from '@sinclair/typebox';

import type { Cache } from './cache.ts';
import { AppError } from './errors.ts';
import { productCounter } from './metrics.ts';

// Flood limits on what people send (issue 28, ADR 0028): messages per person per room per minute,
// one text to many rooms in a short time, and stricter numbers in an account's first hour. Counted
// in the cache (Redis: every instance shares the counts); a sender past a limit gets 429 with a
// Japanese message in the spec's error shape, and nothing is stored.

export interface FloodLimits {
  /** Messages one person may send in one room within a minute (0: no limit). */
  roomPerMinute: number;
  /** The same within the account's first `newAccountMinutes`. */
  newRoomPerMinute: number;
  /** Distinct rooms one text (folded as the filter folds it) may go to within `sameTextSeconds`. */
  sameTextRooms: number;
  newSameTextRooms: number;
  sameTextSeconds: number;
  /** Texts shorter than this (folded) are not compared: a greeting is not spam. */
  sameTextMinLength: number;
  newAccountMinutes: number;
}

export const FLOOD_DEFAULTS: FloodLimits = {
  roomPerMinute: 30,
  newRoomPerMinute: 10,
  sameTextRooms: 8,
  newSameTextRooms: 3,
  sameTextSeconds: 600,
  sameTextMinLength: 6,
  newAccountMinutes: 60,
};

const Count = Type.Integer({ minimum: 0, maximum: 1_000_000 });

/** The env knobs (0 turns a limit off, FLOOD_LIMITS=off all of them); a service adds them to its env schema. */
export const FloodEnv = {
  FLOOD_LIMITS: Type.Optional(Type.Union([Type.Literal('on'), Type.Literal('off')])),
  FLOOD_ROOM_PER_MINUTE: Type.Optional(Count),
  FLOOD_NEW_ROOM_PER_MINUTE: Type.Optional(Count),
  FLOOD_SAME_TEXT_ROOMS: Type.Optional(Count),
  FLOOD_NEW_SAME_TEXT_ROOMS: Type.Optional(Count),
  FLOOD_NEW_ACCOUNT_MINUTES: Type.Optional(Count),
};

export function floodLimits(parsed: {
  FLOOD_LIMITS?: 'on' | 'off' | undefined;
  FLOOD_ROOM_PER_MINUTE?: number | undefined;
  FLOOD_NEW_ROOM_PER_MINUTE?: number | undefined;
  FLOOD_SAME_TEXT_ROOMS?: number | undefined;
  FLOOD_NEW_SAME_TEXT_ROOMS?: number | undefined;
  FLOOD_NEW_ACCOUNT_MINUTES?: number | undefined;
}): FloodLimits | undefined {
  if (parsed.FLOOD_LIMITS === 'off') return undefined;
  return {
    ...FLOOD_DEFAULTS,
    roomPerMinute: parsed.FLOOD_ROOM_PER_MINUTE ?? FLOOD_DEFAULTS.roomPerMinute,
    newRoomPerMinute: parsed.FLOOD_NEW_ROOM_PER_MINUTE ?? FLOOD_DEFAULTS.newRoomPerMinute,
    sameTextRooms: parsed.FLOOD_SAME_TEXT_ROOMS ?? FLOOD_DEFAULTS.sameTextRooms,
    newSameTextRooms: parsed.FLOOD_NEW_SAME_TEXT_ROOMS ?? FLOOD_DEFAULTS.newSameTextRooms,
    newAccountMinutes: parsed.FLOOD_NEW_ACCOUNT_MINUTES ?? FLOOD_DEFAULTS.newAccountMinutes,
  };
}

const refusals = productCounter('honne_flood_refused_total', 'Sends refused by a flood limit', ['limit']);
const newKey = (userId: string) => `flood:new:${userId}`;

/**
 * Marks an account new until its first `newAccountMinutes` have passed (from accounts'
 * `user.registered`): the mark expires by itself, so nothing has to clear it.
 */
export async function markNewAccount(
  cache: Cache,
  limits: FloodLimits,
  userId: string,
  registeredAt: Date,
  now: Date,
): Promise<void> {
  const left = Math.ceil((registeredAt.getTime() + limits.newAccountMinutes * 60_000 - now.getTime()) / 1000);
  if (left > 0) await cache.set(newKey(userId), '1', left);
}

/** Counts one send and throws 429 when it passes a limit. `text`: the message's text, if it has one. */
export async function checkFlood(
  cache: Cache,
  limits: FloodLimits,
  send: { userId: string; roomId: string; text?: string | undefined },
): Promise<void> {
  const isNew = limits.newAccountMinutes > 0 && (await cache.get(newKey(send.userId))) !== null;
  const perRoom = isNew ? limits.newRoomPerMinute : limits.roomPerMinute;
  if (perRoom > 0) {
    const n = await cache.incrWindow(`flood:room:${send.userId}:${send.roomId}`, 60);
    if (n > perRoom) {
      refusals.inc({ limit: 'room' });
      throw new AppError(429, 'flood_room', messages.floodRoom);
    }
  }
  const rooms = isNew ? limits.newSameTextRooms : limits.sameTextRooms;
  const folded = send.text ? normalize(send.text).text : '';
  if (rooms > 0 && [...folded].length >= limits.sameTextMinLength) {
    const key = `flood:same:${send.userId}:${createHash('sha256').update(folded).digest('base64url').slice(0, 22)}`;
    await cache.memberRenew(key, send.roomId, limits.sameTextSeconds);
    if ((await cache.liveMembers(key)) > rooms) {
      refusals.inc({ limit: 'same_text' });
      throw new AppError(429, 'flood_same_text', messages.floodSameText);
    }
  }
}
