import { createHash } from 'node:crypto';

import { messages } from '@honne/contracts/messages';
import { normalize } from '@honne/text-filter';
import { Type, type Static, type TObject } from '@sinclair/typebox';

import { events } from '@honne/contracts/events';

import type { Subscription } from './bus.ts';
import type { Cache } from './cache.ts';
import type { BaseContext } from './context.ts';
import { AppError } from './errors.ts';
import { productCounter } from './metrics.ts';
import { serviceQueue } from './service.ts';

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

/** Limits from the parsed env: `defaults` with each number `names` maps set; none at FLOOD_LIMITS=off. */
function limitsFromEnv<L extends object>(
  parsed: { FLOOD_LIMITS?: 'on' | 'off' | undefined },
  defaults: L,
  names: { [K in keyof L]?: string },
): L | undefined {
  if (parsed.FLOOD_LIMITS === 'off') return undefined;
  const limits = { ...defaults };
  for (const [key, env] of Object.entries(names) as [keyof L, string][]) {
    const value = (parsed as Record<string, unknown>)[env];
    if (typeof value === 'number') (limits as Record<keyof L, unknown>)[key] = value;
  }
  return limits;
}

export const floodLimits = (parsed: Partial<Static<TObject<typeof FloodEnv>>>): FloodLimits | undefined =>
  limitsFromEnv(parsed, FLOOD_DEFAULTS, {
    roomPerMinute: 'FLOOD_ROOM_PER_MINUTE',
    newRoomPerMinute: 'FLOOD_NEW_ROOM_PER_MINUTE',
    sameTextRooms: 'FLOOD_SAME_TEXT_ROOMS',
    newSameTextRooms: 'FLOOD_NEW_SAME_TEXT_ROOMS',
    newAccountMinutes: 'FLOOD_NEW_ACCOUNT_MINUTES',
  });

/**
 * Flood limits on voices (issue 28, ADR 0037), per person over every theme: posts within a minute and
 * within an hour, and the same text (title, detail and comment folded as the filter folds them)
 * posted again within an hour; stricter in the account's first `newAccountMinutes` (the same mark as
 * chat's). 0 turns one off.
 */
export interface VoiceFloodLimits {
  perMinute: number;
  perHour: number;
  newPerMinute: number;
  newPerHour: number;
  /** Voices of one text within `sameTextSeconds`. */
  sameText: number;
  newSameText: number;
  sameTextSeconds: number;
  sameTextMinLength: number;
  newAccountMinutes: number;
}

export const VOICE_FLOOD_DEFAULTS: VoiceFloodLimits = {
  perMinute: 3,
  perHour: 20,
  newPerMinute: 1,
  newPerHour: 5,
  sameText: 3,
  newSameText: 2,
  sameTextSeconds: 3600,
  sameTextMinLength: 6,
  newAccountMinutes: FLOOD_DEFAULTS.newAccountMinutes,
};

/** The voices' env knobs (with FLOOD_LIMITS and FLOOD_NEW_ACCOUNT_MINUTES, shared with chat's). */
export const VoiceFloodEnv = {
  FLOOD_LIMITS: FloodEnv.FLOOD_LIMITS,
  FLOOD_NEW_ACCOUNT_MINUTES: FloodEnv.FLOOD_NEW_ACCOUNT_MINUTES,
  FLOOD_VOICES_PER_MINUTE: Type.Optional(Count),
  FLOOD_VOICES_PER_HOUR: Type.Optional(Count),
  FLOOD_NEW_VOICES_PER_MINUTE: Type.Optional(Count),
  FLOOD_NEW_VOICES_PER_HOUR: Type.Optional(Count),
  FLOOD_SAME_VOICE_TEXT: Type.Optional(Count),
  FLOOD_NEW_SAME_VOICE_TEXT: Type.Optional(Count),
};

export const voiceFloodLimits = (
  parsed: Partial<Static<TObject<typeof VoiceFloodEnv>>>,
): VoiceFloodLimits | undefined =>
  limitsFromEnv(parsed, VOICE_FLOOD_DEFAULTS, {
    perMinute: 'FLOOD_VOICES_PER_MINUTE',
    perHour: 'FLOOD_VOICES_PER_HOUR',
    newPerMinute: 'FLOOD_NEW_VOICES_PER_MINUTE',
    newPerHour: 'FLOOD_NEW_VOICES_PER_HOUR',
    sameText: 'FLOOD_SAME_VOICE_TEXT',
    newSameText: 'FLOOD_NEW_SAME_VOICE_TEXT',
    newAccountMinutes: 'FLOOD_NEW_ACCOUNT_MINUTES',
  });

const refusals = productCounter('honne_flood_refused_total', 'Sends refused by a flood limit', ['limit']);
const newKey = (userId: string) => `flood:new:${userId}`;

/**
 * Marks an account new until its first `newAccountMinutes` have passed (from accounts'
 * `user.registered`): the mark expires by itself, so nothing has to clear it.
 */
export async function markNewAccount(
  cache: Cache,
  limits: Pick<FloodLimits, 'newAccountMinutes'>,
  userId: string,
  registeredAt: Date,
  now: Date,
): Promise<void> {
  const left = Math.ceil((registeredAt.getTime() + limits.newAccountMinutes * 60_000 - now.getTime()) / 1000);
  if (left > 0) await cache.set(newKey(userId), '1', left);
}

/**
 * A service's subscription to accounts' `user.registered` that marks new accounts (chat and topics:
 * the one cache key both read); nothing when the service has no limits.
 */
export const onNewAccounts = (
  ctx: Pick<BaseContext, 'bus' | 'cache' | 'clock' | 'config'> & { db?: unknown },
  limits: Pick<FloodLimits, 'newAccountMinutes'> | undefined,
): Subscription =>
  ctx.bus.subscribe(
    events.userRegistered,
    async (e) => {
      if (limits) await markNewAccount(ctx.cache, limits, e.user_id, new Date(e.registered_at), ctx.clock.now());
    },
    serviceQueue(ctx),
  );

const isNewAccount = async (cache: Cache, limits: { newAccountMinutes: number }, userId: string) =>
  limits.newAccountMinutes > 0 && (await cache.get(newKey(userId))) !== null;

/** The text as the filter folds it, hashed: the same text however it is spelled, and no text kept. */
const textKey = (folded: string) => createHash('sha256').update(folded).digest('base64url').slice(0, 22);

/**
 * Counts one voice and throws 429 when it passes a limit (ADR 0037), before anything is stored.
 * `text`: its title, detail and comment together.
 */
export async function checkVoiceFlood(
  cache: Cache,
  limits: VoiceFloodLimits,
  post: { userId: string; text: string },
): Promise<void> {
  const isNew = await isNewAccount(cache, limits, post.userId);
  const windows: [number, number, string][] = [
    [isNew ? limits.newPerMinute : limits.perMinute, 60, 'minute'],
    [isNew ? limits.newPerHour : limits.perHour, 3600, 'hour'],
  ];
  for (const [max, seconds, name] of windows) {
    if (max <= 0) continue;
    if ((await cache.incrWindow(`flood:voices:${name}:${post.userId}`, seconds)) > max) {
      refusals.inc({ limit: `voices_${name}` });
      throw new AppError(429, 'flood_voices', messages.floodVoices);
    }
  }
  const same = isNew ? limits.newSameText : limits.sameText;
  const folded = normalize(post.text).text;
  if (same > 0 && [...folded].length >= limits.sameTextMinLength) {
    const n = await cache.incrWindow(`flood:voice-same:${post.userId}:${textKey(folded)}`, limits.sameTextSeconds);
    if (n > same) {
      refusals.inc({ limit: 'voice_same_text' });
      throw new AppError(429, 'flood_same_voice', messages.floodSameVoice);
    }
  }
}

/** Counts one send and throws 429 when it passes a limit. `text`: the message's text, if it has one. */
export async function checkFlood(
  cache: Cache,
  limits: FloodLimits,
  send: { userId: string; roomId: string; text?: string | undefined },
): Promise<void> {
  // Every message waits for this, so its round trips overlap (the keys do not depend on whether the
  // account is new, only the limits do): one wait for the cache where there were four in a row.
  // A send refused by one limit is still counted by the other.
  const folded = send.text ? normalize(send.text).text : '';
  const countsSameText = [...folded].length >= limits.sameTextMinLength;
  const sameKey =
    countsSameText && (limits.sameTextRooms > 0 || limits.newSameTextRooms > 0)
      ? `flood:same:${send.userId}:${textKey(folded)}`
      : null;
  const [isNew, inRoom, sameRooms] = await Promise.all([
    isNewAccount(cache, limits, send.userId),
    limits.roomPerMinute > 0 || limits.newRoomPerMinute > 0
      ? cache.incrWindow(`flood:room:${send.userId}:${send.roomId}`, 60)
      : 0,
    sameKey
      ? cache.memberRenew(sameKey, send.roomId, limits.sameTextSeconds).then(() => cache.liveMembers(sameKey))
      : 0,
  ]);
  const perRoom = isNew ? limits.newRoomPerMinute : limits.roomPerMinute;
  if (perRoom > 0 && inRoom > perRoom) {
    refusals.inc({ limit: 'room' });
    throw new AppError(429, 'flood_room', messages.floodRoom);
  }
  const rooms = isNew ? limits.newSameTextRooms : limits.sameTextRooms;
  if (rooms > 0 && countsSameText && sameRooms > rooms) {
    refusals.inc({ limit: 'same_text' });
    throw new AppError(429, 'flood_same_text', messages.floodSameText);
  }
}
