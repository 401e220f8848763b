import { events } from '@honne/contracts/events';
import { REALTIME_REPLAY_LIMIT, type RealtimeEvent } from '@honne/contracts/realtime';
import type { RealtimeData, RealtimeEventDef } from '@honne/contracts/realtime-events';
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';

import type { Cache } from './cache.ts';
import type { BaseContext } from './context.ts';

const REPLAY_TTL_SECONDS = 7 * 24 * 60 * 60;
export const realtimeKeys = {
  seq: (userId: string) => `rt:seq:${userId}`,
  log: (userId: string) => `rt:log:${userId}`,
  /**
   * The gateway instances holding a socket of the user, each with its own expiry (see
   * `hasOpenSocket`). A set, not one flag: one instance's last socket closing must not hide
   * another's (the key's old name held a flag, so the two never meet in one Redis).
   */
  online: (userId: string) => `rt:sockets:${userId}`,
};

/**
 * How long an instance's mark lasts without being renewed. The gateway renews it for each socket
 * once per heartbeat round (30 s), so the mark of an instance that died goes within this.
 */
export const ONLINE_TTL_SECONDS = 90;

/** A gateway instance holds a socket of the user: set on the first, renewed every heartbeat round. */
export function markSocketsOn(cache: Cache, userId: string, instanceId: string): Promise<void> {
  return cache.memberRenew(realtimeKeys.online(userId), instanceId, ONLINE_TTL_SECONDS);
}

/** The instance's last socket of the user closed; other instances' marks stay. */
export function clearSocketsOn(cache: Cache, userId: string, instanceId: string): Promise<void> {
  return cache.memberRemove(realtimeKeys.online(userId), instanceId);
}

/** Whether any gateway instance holds a socket of the user (web push goes only to users with none). */
export async function hasOpenSocket(ctx: Pick<BaseContext, 'cache'>, userId: string): Promise<boolean> {
  return (await ctx.cache.liveMembers(realtimeKeys.online(userId))) > 0;
}

/** Compiled once per event type: every publish is checked against its schema, as bus payloads are. */
const checkers = new WeakMap<TSchema, TypeCheck<TSchema>>();

/**
 * The type of `d`, after checking `data` against its schema. A plain string is the transport's own
 * (the gateway's tests of delivery itself); every service publishes through `realtimeEvents`.
 */
function typeOf(d: RealtimeEventDef | string, data: unknown): string {
  if (typeof d === 'string') return d;
  let checker = checkers.get(d.schema);
  if (!checker) checkers.set(d.schema, (checker = TypeCompiler.Compile(d.schema)));
  if (!checker.Check(data)) {
    const first = [...checker.Errors(data)][0];
    throw new Error(`real-time ${d.type}: invalid data at ${first?.path || '/'}: ${first?.message ?? 'mismatch'}`);
  }
  return d.type;
}

/**
 * Sends an event to every open socket of a user, on whichever gateway instance holds it.
 * The event gets the user's next sequence number and is kept for replay, so a client that
 * reconnects asks for what it missed and gets each event exactly once.
 */
export async function publishToUser<D extends RealtimeEventDef>(
  ctx: Pick<BaseContext, 'bus' | 'cache' | 'clock'>,
  userId: string,
  d: D | string,
  data: RealtimeData<D>,
): Promise<RealtimeEvent> {
  const event = await logForReplay(ctx, userId, d, data);
  await sendLogged(ctx, userId, event);
  return event;
}

/** Numbers the event and appends it to the user's replay log (Redis). */
async function logForReplay<D extends RealtimeEventDef>(
  ctx: Pick<BaseContext, 'cache' | 'clock'>,
  userId: string,
  d: D | string,
  data: RealtimeData<D>,
): Promise<RealtimeEvent> {
  const type = typeOf(d, data);
  const at = ctx.clock.now().toISOString();
  // The logged JSON is the event with its seq last; the seq is only known inside the atomic append.
  const head = JSON.stringify({ type, at, data }).slice(0, -1) + ',"seq":';
  const seq = await ctx.cache.logAppendNext(
    realtimeKeys.seq(userId),
    realtimeKeys.log(userId),
    { head, tail: '}' },
    REALTIME_REPLAY_LIMIT,
    REPLAY_TTL_SECONDS,
  );
  return { type, seq, at, data };
}

/** Hands a logged event to the gateways (NATS). Sending one seq twice is harmless: sockets skip it. */
async function sendLogged(ctx: Pick<BaseContext, 'bus'>, userId: string, event: RealtimeEvent): Promise<void> {
  await ctx.bus.publish(events.realtimeDelivered, { user_id: userId, event });
}

/** Pauses between tries of an event whose fact is already stored (about a minute in all). */
const RETRY_PAUSES_MS = [250, 500, 1000, 2000, 4000, 8000, 15_000, 30_000];
/** Per user, the events still waiting for a retry: later ones queue behind them to keep their order. */
const waiting = new Map<string, Promise<void>>();

/** Redis (the cache) or NATS (the bus): each says when it is lost and when it is back. */
interface Part {
  onAvailability(listener: (up: boolean) => void): void;
}

/** Per part, a promise that resolves the next time it is ready again after an outage. */
const recoveries = new WeakMap<Part, { next: Promise<void> }>();

function nextRecovery(part: Part): Promise<void> {
  let state = recoveries.get(part);
  if (!state) {
    let resolve!: () => void;
    const fresh = () => new Promise<void>((r) => (resolve = r));
    const s = { next: fresh() };
    part.onAvailability((up) => {
      if (!up) return;
      const done = resolve;
      s.next = fresh();
      done();
    });
    recoveries.set(part, s);
    state = s;
  }
  return state.next;
}

/** Waits `ms`, or less when Redis or NATS comes back meanwhile (a retry then goes at once). */
async function pauseUnlessRecovered(ctx: Pick<BaseContext, 'bus' | 'cache'>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    new Promise<void>((r) => (timer = setTimeout(r, ms))),
    nextRecovery(ctx.cache),
    nextRecovery(ctx.bus),
  ]);
  clearTimeout(timer);
}

/**
 * `publishToUser` for an event whose fact is already stored (a message). A Redis or NATS outage
 * must not fail the request that stored it: the client's retry would find the message stored and
 * publish nothing, so the receiver would never hear of it live. A failed publish is retried in the
 * background instead, and the user's later events wait behind it, so they still arrive in order.
 * An event already logged is only sent again (with its seq), never logged a second time.
 */
export async function publishToUserSurely<D extends RealtimeEventDef>(
  ctx: Pick<BaseContext, 'bus' | 'cache' | 'clock' | 'log'>,
  userId: string,
  d: D,
  data: RealtimeData<D>,
): Promise<void> {
  const behind = waiting.get(userId);
  let event: RealtimeEvent | undefined;
  if (!behind) {
    try {
      event = await logForReplay(ctx, userId, d, data);
      await sendLogged(ctx, userId, event);
      return;
    } catch (err) {
      ctx.log.warn(
        { err, type: d.type, logged: event !== undefined },
        'real-time publish failed; retrying in the background',
      );
    }
  }
  const retry = async () => {
    for (const pause of behind ? [0, ...RETRY_PAUSES_MS] : RETRY_PAUSES_MS) {
      // Redis or NATS back: the receiver hears the message now, not at the end of a 15 or 30 s pause.
      if (pause) await pauseUnlessRecovered(ctx, pause);
      try {
        event ??= await logForReplay(ctx, userId, d, data);
        await sendLogged(ctx, userId, event);
        return;
      } catch {
        // the next pause
      }
    }
    ctx.log.error({ type: d.type, userId }, 'real-time event dropped after a minute of retries');
  };
  const mine = (behind ?? Promise.resolve()).then(retry);
  waiting.set(userId, mine);
  void mine.finally(() => {
    if (waiting.get(userId) === mine) waiting.delete(userId);
  });
}

/**
 * Sends an event to one session's sockets only, without a sequence number: it concerns that
 * session (a forced logout) and must never be replayed to a newer one.
 */
export async function publishToSession(
  ctx: Pick<BaseContext, 'bus' | 'clock'>,
  userId: string,
  sessionId: string,
  type: string,
  data: unknown,
): Promise<void> {
  const event: RealtimeEvent = { type, at: ctx.clock.now().toISOString(), data };
  await ctx.bus.publish(events.realtimeDelivered, { user_id: userId, session_id: sessionId, event });
}

/**
 * Sends an event to every socket subscribed to a channel (client frame `{type:'subscribe', channel}`).
 * `audience` narrows it: `except` users never get it; when `only` is set, nobody else does.
 */
export async function publishToChannel<D extends RealtimeEventDef>(
  ctx: Pick<BaseContext, 'bus' | 'clock'>,
  channel: string,
  d: D | string,
  data: RealtimeData<D>,
  audience: { except?: string[]; only?: string[] } = {},
): Promise<void> {
  const event: RealtimeEvent = { type: typeOf(d, data), at: ctx.clock.now().toISOString(), data };
  await ctx.bus.publish(events.channelDelivered, { channel, event, ...audience });
}

/** Events after `since`, in order, for a reconnecting client. */
export async function replayFor(
  ctx: Pick<BaseContext, 'cache'>,
  userId: string,
  since: number,
): Promise<RealtimeEvent[]> {
  const raw = await ctx.cache.logAfter(realtimeKeys.log(userId), since);
  return raw.map((r) => JSON.parse(r) as RealtimeEvent);
}

export async function currentSeq(ctx: Pick<BaseContext, 'cache'>, userId: string): Promise<number> {
  return Number((await ctx.cache.get(realtimeKeys.seq(userId))) ?? '0');
}
