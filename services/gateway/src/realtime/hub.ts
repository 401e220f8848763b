import { randomUUID } from 'node:crypto';

import { messages } from '@honne/contracts';
import { events, realtimeCommands, type EventPayload } from '@honne/contracts/events';
import {
  REALTIME_CLOSE,
  REALTIME_TYPES,
  type RealtimeCommandName,
  type RealtimeCommandResult,
  type RealtimeEvent,
  type SystemPart,
  type SystemStatus,
} from '@honne/contracts/realtime';
import {
  clearSocketsOn,
  currentSeq,
  errorEnvelope,
  inSpan,
  markSocketsOn,
  replayFor,
  SpanKind,
  type Subscription,
} from '@honne/service-kit';
import { WebSocket, type RawData } from 'ws';

import type { AppContext } from '../context.ts';
import { GATEWAY_LIMIT_DEFAULTS } from '../limits.ts';
import { countCommand, countWritten } from './metrics.ts';
import { SharedUserLimits } from './user-limits.ts';

export type HubContext = Pick<AppContext, 'bus' | 'cache' | 'clock' | 'log' | 'tokens'> & {
  config: Pick<AppContext['config'], 'rateLimitMax' | 'heartbeatMs' | 'limits'>;
};

/**
 * Every socket is pinged once per `config.heartbeatMs` (30 s) and dropped when it has not answered
 * since the last round. The round is spread over this many ticks, each pinging its share of the sockets: pinging
 * thousands at once is a burst of writes that stalls every message in flight.
 */
const HEARTBEAT_SLICES = 30;
/** A live event that skips a seq waits this long for the missing one before the log is read. */
const GAP_GRACE_MS = 100;
/** A client this far behind is cut off; it reconnects and resumes from its last seq. */
const MAX_BUFFERED_BYTES = 1 << 20;
/** Past this many unsent bytes a replay waits for each event to be written before the next. */
const REPLAY_PACE_BYTES = MAX_BUFFERED_BYTES / 4;
/** Live events held while a replay runs; past this the replay reads them from the log instead. */
const MAX_HELD = 1000;
export const CLOSE_GOING_AWAY = 1001;
/** A command whose service has not answered by then is answered 503, like a proxied request. */
const COMMAND_TIMEOUT_MS = 10_000;
const MINUTE_MS = 60_000;

const kState = Symbol('honne.realtime');

interface SocketState {
  /** This socket among all of the user's, on every instance (`<instance>:<n>`). */
  readonly id: string;
  readonly userId: string;
  readonly sessionId: string;
  /** Highest seq sent on this socket: a live event at or below it is a duplicate. */
  lastSeq: number;
  /** Cleared by each heartbeat round, set again by a pong or any frame. */
  alive: boolean;
  /** Which tick of the heartbeat round pings this socket. */
  readonly slice: number;
  /** While the replay log is read (connect, resume, a gap), live events wait here to keep order. */
  held: RealtimeEvent[] | null;
  /** More live events came during a replay than `held` keeps: read the log again after it. */
  overflowed?: boolean;
  /** Channels this socket watches (live lists); created on the first subscribe only. */
  channels?: Set<string>;
}

/** A user's commands in the current minute, over all their sockets. */
interface CommandWindow {
  windowStart: number;
  count: number;
}

/** Channels a client may watch: the live voice lists. Others are refused silently. */
const CHANNEL_RE = /^topics:[A-Za-z0-9:_-]{1,120}$/;
/** Enough for the screens open in one tab; a client asking for more is holding on to old ones. */
export const MAX_CHANNELS_PER_SOCKET = 8;

type Client = WebSocket & { [kState]?: SocketState };

/**
 * The sockets of this gateway instance, by user, and the bus subscriptions that feed them.
 *
 * Every instance subscribes to `realtime.event.delivered` without a queue group (each holds
 * different sockets) and sends each event to its local sockets of that user. Each user's events
 * carry a seq; a socket remembers the last one it was sent, so live events and replayed ones
 * (`since` on connect, `resume` frames, gaps) merge with no duplicate and no hole.
 *
 * Memory per idle connection is kept small on purpose: one state object, listeners shared by all
 * sockets (`this` is the socket), and one heartbeat interval for the whole hub.
 */
export class RealtimeHub {
  readonly #byUser = new Map<string, Set<Client>>();
  readonly #byChannel = new Map<string, Set<Client>>();
  /**
   * Per user, not per socket: four sockets once sent 1,000 messages in 1.1 s. A user gets the
   * budget of one client's HTTP requests however many sockets they open.
   */
  readonly #commands = new Map<string, CommandWindow>();
  readonly #maxSocketsPerUser: number;
  /** With Redis: the per-user socket cap and command budget over every instance. */
  readonly #shared: SharedUserLimits | undefined;
  readonly #subs: Subscription[] = [];
  #heartbeat: NodeJS.Timeout | undefined;
  #tick = 0;
  #accepted = 0;
  /** Parts this instance has lost; every socket is told when this changes (`system.status`). */
  readonly #down = new Set<SystemPart>();
  #count = 0;
  /** This instance's name in each user's set of instances holding their sockets (web push reads it). */
  readonly #instanceId = randomUUID();

  readonly #onMessage: (this: Client, data: RawData, isBinary: boolean) => void;
  readonly #onPong: (this: Client) => void;
  readonly #onClose: (this: Client) => void;
  readonly #onError: (this: Client, err: Error) => void;

  constructor(private readonly ctx: HubContext) {
    this.#maxSocketsPerUser = { ...GATEWAY_LIMIT_DEFAULTS, ...ctx.config.limits }.maxSocketsPerUser;
    this.#shared = ctx.cache.redis
      ? new SharedUserLimits(ctx.cache.redis, {
          windowSeconds: MINUTE_MS / 1000,
          max: ctx.config.rateLimitMax,
          maxSockets: this.#maxSocketsPerUser,
        })
      : undefined;
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const hub = this;
    this.#onMessage = function (data, isBinary) {
      hub.#frame(this, data, isBinary);
    };
    this.#onPong = function () {
      const state = this[kState];
      if (state) state.alive = true;
    };
    this.#onClose = function () {
      hub.#remove(this);
    };
    this.#onError = function (err) {
      hub.ctx.log.debug({ err }, 'real-time socket error');
      this.terminate();
    };
  }

  /** Open connections (authenticated ones). */
  get size(): number {
    return this.#count;
  }

  start(): void {
    this.#subs.push(
      this.ctx.bus.subscribe(events.realtimeDelivered, (payload) => this.deliver(payload)),
      this.ctx.bus.subscribe(events.sessionRevoked, (payload) => this.revoke(payload)),
      this.ctx.bus.subscribe(events.channelDelivered, (payload) => this.broadcast(payload)),
      this.ctx.bus.subscribe(events.socketsReplaced, ({ user_id, sockets }) => this.#replace(user_id, sockets)),
    );
    // While NATS or Redis is away, sends are stored but arrive late: the app says so, and the
    // banner goes when the part is back. Live events published while this instance had lost NATS
    // are gone from the bus, not from the replay log: every socket reads what it missed as soon as
    // the bus is back (a client would otherwise notice only at the user's next event, and never
    // for the last one).
    this.ctx.bus.onAvailability((up) => {
      this.#partIs('bus', up);
      if (up) this.catchUpAll();
    });
    this.ctx.cache.onAvailability((up) => this.#partIs('cache', up));
    this.#heartbeat = setInterval(() => this.#beat(), this.ctx.config.heartbeatMs / HEARTBEAT_SLICES);
    this.#heartbeat.unref();
  }

  /** Every socket not already replaying reads the log after its last seq. */
  catchUpAll(): void {
    for (const set of this.#byUser.values())
      for (const socket of set) if (socket[kState]!.held === null) void this.#catchUp(socket);
  }

  /** What this instance cannot reach now (empty when all is well). */
  get systemStatus(): SystemStatus {
    return { down: [...this.#down].sort() };
  }

  #partIs(part: SystemPart, up: boolean): void {
    if (up ? !this.#down.delete(part) : this.#down.has(part)) return;
    if (!up) this.#down.add(part);
    this.ctx.log.warn({ part, up }, up ? 'telling sockets a part is back' : 'telling sockets a part is down');
    const json = this.#statusFrame();
    for (const set of this.#byUser.values()) for (const socket of set) this.#send(socket, json);
  }

  #statusFrame(): string {
    return JSON.stringify({ type: REALTIME_TYPES.systemStatus, at: this.#now(), data: this.systemStatus });
  }

  /** Closes every socket with 1001 (going away) and stops listening to the bus. */
  close(): void {
    clearInterval(this.#heartbeat);
    void this.#shared?.flush().catch(() => undefined);
    for (const sub of this.#subs.splice(0)) sub.unsubscribe();
    for (const set of this.#byUser.values())
      for (const socket of set) socket.close(CLOSE_GOING_AWAY, 'server shutting down');
  }

  /**
   * Takes a freshly upgraded socket: checks the token (4401 when bad), registers the socket before
   * anything else so no live event is missed, says hello with the user's current seq, replays
   * what came after `since`, then lets live events through.
   */
  async accept(socket: Client, token: string | undefined, since: number | undefined): Promise<void> {
    // Replaces the per-socket error closure the plugin adds (it keeps the whole request alive).
    socket.removeAllListeners('error');
    socket.on('error', this.#onError);
    let caller;
    try {
      caller = token ? await this.ctx.tokens.verify(token) : undefined;
    } catch (err) {
      this.ctx.log.error({ err }, 'real-time token check failed');
      socket.close(1011, 'internal error');
      return;
    }
    if (socket.readyState !== WebSocket.OPEN) return;
    // A restricted sign-in reads notices over HTTP; it gets no live socket.
    if (!caller || caller.scope) {
      socket.close(REALTIME_CLOSE.unauthorized, 'unauthorized');
      return;
    }
    const state: SocketState = {
      id: `${this.#instanceId}:${this.#accepted}`,
      userId: caller.userId,
      sessionId: caller.sessionId,
      lastSeq: 0,
      alive: true,
      slice: this.#accepted++ % HEARTBEAT_SLICES,
      held: [],
    };
    socket[kState] = state;
    this.#add(socket);
    socket.on('message', this.#onMessage);
    socket.on('pong', this.#onPong);
    socket.on('close', this.#onClose);

    let seq: number;
    try {
      seq = await currentSeq(this.ctx, caller.userId);
    } catch (err) {
      this.ctx.log.error({ err }, 'real-time seq read failed');
      socket.close(1011, 'internal error');
      return;
    }
    this.#send(socket, JSON.stringify({ type: REALTIME_TYPES.hello, at: this.#now(), data: { seq } }));
    if (this.#down.size > 0) this.#send(socket, this.#statusFrame());
    if (since !== undefined && since < seq) {
      await this.#catchUp(socket, since);
    } else {
      // Nothing to replay (or a `since` from a seq space that no longer exists): start at now.
      state.lastSeq = seq;
      this.#release(socket);
    }
  }

  /** A `realtime.event.delivered` message: to this instance's sockets of the user (or of one session). */
  deliver({ user_id, session_id, event }: EventPayload<typeof events.realtimeDelivered>): void {
    const sockets = this.#byUser.get(user_id);
    if (!sockets) return;
    let json: string | undefined;
    let writes = 0;
    for (const socket of sockets) {
      const state = socket[kState]!;
      if (session_id !== undefined && state.sessionId !== session_id) continue;
      if (state.held) {
        // A slow replay must not make the held list a second unbounded buffer: the log has them.
        if (state.held.length < MAX_HELD) state.held.push(event);
        else state.overflowed = true;
        continue;
      }
      if (event.seq === undefined) {
        this.#send(socket, (json ??= JSON.stringify(event)));
        writes++;
        continue;
      }
      if (event.seq <= state.lastSeq) continue;
      if (event.seq > state.lastSeq + 1) {
        // Two publishers can race between taking a seq and publishing; give the missing event a
        // moment to arrive, then fill whatever is still missing from the replay log.
        state.held = [event];
        setTimeout(() => void this.#catchUp(socket), GAP_GRACE_MS).unref();
        continue;
      }
      state.lastSeq = event.seq;
      this.#send(socket, (json ??= JSON.stringify(event)));
      writes++;
    }
    countWritten(event.type, 'user', writes, event.at, Date.now());
  }

  /**
   * A `realtime.channel.delivered` message: to every local socket watching the channel. Channel
   * events carry no seq and are not replayed; a client that reconnects reloads its list.
   */
  broadcast({ channel, event, except, only }: EventPayload<typeof events.channelDelivered>): void {
    const sockets = this.#byChannel.get(channel);
    if (!sockets) return;
    // The service that published decided who may see it (blocks, gates); the gateway only obeys.
    const skip = except?.length ? new Set(except) : undefined;
    const keep = only ? new Set(only) : undefined;
    const json = JSON.stringify({ ...event, channel });
    let writes = 0;
    for (const socket of sockets) {
      const userId = socket[kState]!.userId;
      if (skip?.has(userId) || (keep && !keep.has(userId))) continue;
      this.#send(socket, json);
      writes++;
    }
    countWritten(event.type, 'channel', writes, event.at, Date.now());
  }

  /** A session ended: its sockets are closed, with the forced-logout message when another device took over. */
  revoke({ user_id, session_id, reason }: EventPayload<typeof events.sessionRevoked>): void {
    const sockets = this.#byUser.get(user_id);
    if (!sockets) return;
    for (const socket of [...sockets]) {
      if (socket[kState]!.sessionId !== session_id) continue;
      if (reason === 'other_device') {
        this.#send(
          socket,
          JSON.stringify({
            type: REALTIME_TYPES.forcedLogout,
            at: this.#now(),
            data: { message: messages.forcedLogout },
          }),
        );
        socket.close(REALTIME_CLOSE.forcedLogout, 'forced logout');
      } else {
        socket.close(REALTIME_CLOSE.unauthorized, 'session ended');
      }
    }
  }

  /** Replays the log after `from` (or after the socket's last seq), then releases the held live events. */
  async #catchUp(socket: Client, from?: number): Promise<void> {
    const state = socket[kState]!;
    state.held ??= [];
    if (from !== undefined) state.lastSeq = from;
    try {
      for (const event of await replayFor(this.ctx, state.userId, state.lastSeq)) {
        if (event.seq === undefined || event.seq <= state.lastSeq) continue;
        if (socket.readyState !== WebSocket.OPEN) return;
        state.lastSeq = event.seq;
        const json = JSON.stringify(event);
        // A long backlog (a client back after a while) goes at the pace the client reads: sent all
        // at once it would pass the buffer cap and be cut, again and again, on every resume.
        if (socket.bufferedAmount > REPLAY_PACE_BYTES)
          await new Promise<void>((resolve) => socket.send(json, () => resolve()));
        else this.#send(socket, json);
      }
    } catch (err) {
      this.ctx.log.error({ err }, 'real-time replay failed');
    }
    this.#release(socket);
  }

  /** Sends the events held during a replay, in seq order, skipping what the replay already sent. */
  #release(socket: Client): void {
    const state = socket[kState]!;
    if (state.overflowed) {
      state.overflowed = false;
      state.held = [];
      void this.#catchUp(socket);
      return;
    }
    const held = state.held ?? [];
    state.held = null;
    if (held.length > 1) held.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
    for (const event of held) {
      if (event.seq !== undefined) {
        if (event.seq <= state.lastSeq) continue;
        state.lastSeq = event.seq;
      }
      this.#send(socket, JSON.stringify(event));
    }
  }

  #frame(socket: Client, data: RawData, isBinary: boolean): void {
    const state = socket[kState];
    if (!state) return;
    state.alive = true;
    if (isBinary) return;
    let frame: { type?: unknown; since?: unknown; channel?: unknown; ref?: unknown; name?: unknown; body?: unknown };
    try {
      frame = JSON.parse(data.toString()) as typeof frame;
    } catch {
      return;
    }
    if (frame?.type === 'ping') {
      this.#send(socket, JSON.stringify({ type: 'pong', at: this.#now() }));
    } else if (frame?.type === 'resume' && Number.isSafeInteger(frame.since) && (frame.since as number) >= 0) {
      // A resume only goes back; one already replaying covers everything up to now anyway.
      if (state.held === null) void this.#catchUp(socket, Math.min(frame.since as number, state.lastSeq));
    } else if (frame?.type === 'subscribe' && typeof frame.channel === 'string' && CHANNEL_RE.test(frame.channel)) {
      this.#watch(socket, frame.channel);
    } else if (frame?.type === 'unsubscribe' && typeof frame.channel === 'string') {
      this.#unwatch(socket, frame.channel);
    } else if (frame?.type === 'command' && typeof frame.ref === 'string' && frame.ref.length > 0) {
      if (frame.ref.length <= 64) void this.#command(socket, frame.ref, frame.name, frame.body);
    }
  }

  /**
   * A client command: forwarded as a bus request to the owning service with the socket's caller
   * (authenticated at connect, closed when the session ends), answered with the service's status
   * and envelope under the same `ref`.
   */
  async #command(socket: Client, ref: string, name: unknown, body: unknown): Promise<void> {
    const state = socket[kState]!;
    const def =
      typeof name === 'string' && Object.hasOwn(realtimeCommands, name)
        ? realtimeCommands[name as RealtimeCommandName]
        : undefined;
    // A command is where a trace starts when the browser sends over its socket (issue 29).
    await inSpan(`command ${def ? String(name) : 'unknown'}`, SpanKind.SERVER, { 'honne.service': 'gateway' }, () =>
      this.#answer(socket, ref, name, body, def, state),
    );
  }

  async #answer(
    socket: Client,
    ref: string,
    name: unknown,
    body: unknown,
    def: (typeof realtimeCommands)[RealtimeCommandName] | undefined,
    state: SocketState,
  ): Promise<void> {
    let result: Omit<RealtimeCommandResult, 'ref'>;
    if (!def) {
      result = { status: 404, body: errorEnvelope(404, 'not_found', messages.notFound) };
    } else if (!(await this.#allowCommand(state.userId))) {
      result = { status: 429, body: errorEnvelope(429, 'rate_limited', messages.rateLimited) };
    } else {
      try {
        result = await this.ctx.bus.request(
          def,
          { user_id: state.userId, session_id: state.sessionId, body },
          COMMAND_TIMEOUT_MS,
        );
      } catch (err) {
        this.ctx.log.warn({ err, command: name }, 'socket command failed');
        result = { status: 503, body: errorEnvelope(503, 'upstream_unavailable', messages.unexpected) };
      }
    }
    countCommand(String(name), def !== undefined, result.status);
    const data: RealtimeCommandResult = { ref, ...result };
    this.#send(socket, JSON.stringify({ type: REALTIME_TYPES.commandResult, at: this.#now(), data }));
  }

  async #allowCommand(userId: string): Promise<boolean> {
    if (this.#shared) {
      try {
        return await this.#shared.allowCommand(userId);
      } catch (err) {
        // A lost Redis must not stop every command (the HTTP limits skip on error too).
        this.ctx.log.warn({ err }, 'socket command budget not counted');
        return true;
      }
    }
    const t = this.ctx.clock.now().getTime();
    let window = this.#commands.get(userId);
    if (!window || t - window.windowStart >= MINUTE_MS)
      this.#commands.set(userId, (window = { windowStart: t, count: 0 }));
    return ++window.count <= this.ctx.config.rateLimitMax;
  }

  #send(socket: Client, json: string): void {
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.terminate();
      return;
    }
    socket.send(json);
  }

  #watch(socket: Client, channel: string): void {
    const state = socket[kState]!;
    state.channels ??= new Set();
    if (state.channels.has(channel) || state.channels.size >= MAX_CHANNELS_PER_SOCKET) return;
    state.channels.add(channel);
    let set = this.#byChannel.get(channel);
    if (!set) this.#byChannel.set(channel, (set = new Set()));
    set.add(socket);
  }

  #unwatch(socket: Client, channel: string): void {
    const state = socket[kState]!;
    if (!state.channels?.delete(channel)) return;
    const set = this.#byChannel.get(channel);
    if (set?.delete(socket) && set.size === 0) this.#byChannel.delete(channel);
  }

  #add(socket: Client): void {
    const userId = socket[kState]!.userId;
    let set = this.#byUser.get(userId);
    if (!set) {
      this.#byUser.set(userId, (set = new Set()));
      this.#presence(userId, true);
    }
    set.add(socket);
    this.#count++;
    // One token once held 500 sockets. The oldest makes way (a set iterates in insertion order):
    // it is most likely a tab left open, and the newest is the one the user is looking at.
    if (set.size > this.#maxSocketsPerUser) {
      const oldest = set.values().next().value!;
      this.#remove(oldest);
      oldest.close(REALTIME_CLOSE.replaced, 'too many sockets');
    }
    if (this.#shared && socket[kState]) void this.#claim(socket[kState]);
  }

  /**
   * The same cap over every instance: the socket joins the user's set in Redis, and the oldest past
   * the cap close wherever they are (this instance's at once, others' through the bus).
   */
  async #claim(state: SocketState): Promise<void> {
    try {
      const evicted = await this.#shared!.claim(
        state.userId,
        state.id,
        this.ctx.clock.now().getTime(),
        this.#maxSocketsPerUser,
      );
      if (evicted.length === 0) return;
      const mine = `${this.#instanceId}:`;
      this.#replace(
        state.userId,
        evicted.filter((id) => id.startsWith(mine)),
      );
      const others = evicted.filter((id) => !id.startsWith(mine));
      if (others.length > 0)
        await this.ctx.bus.publish(events.socketsReplaced, { user_id: state.userId, sockets: others });
    } catch (err) {
      this.ctx.log.warn({ err }, 'per-user socket cap not counted across instances');
    }
  }

  /** Closes this instance's sockets among `ids` (4408): the user opened more elsewhere. */
  #replace(userId: string, ids: string[]): void {
    const set = this.#byUser.get(userId);
    if (!set || ids.length === 0) return;
    const wanted = new Set(ids);
    for (const socket of [...set]) {
      if (!wanted.has(socket[kState]!.id)) continue;
      this.#remove(socket);
      socket.close(REALTIME_CLOSE.replaced, 'too many sockets');
    }
  }

  /**
   * Tells topics (the presence filter) that a user's first socket on this instance opened or its
   * last one closed. With several instances a user's sockets may sit on different ones: the last
   * word wins, which is good enough for a "present now" filter.
   */
  #presence(userId: string, online: boolean): void {
    // The mark web push reads (accounts pushes only to users with no socket on any instance): this
    // instance's own, so its last socket closing leaves another instance's mark of the user alone.
    (online
      ? markSocketsOn(this.ctx.cache, userId, this.#instanceId)
      : clearSocketsOn(this.ctx.cache, userId, this.#instanceId)
    ).catch((err: unknown) => this.ctx.log.warn({ err }, 'online mark failed'));
    this.ctx.bus
      .publish(events.presenceChanged, { user_id: userId, online, at: this.#now() })
      .catch((err: unknown) => this.ctx.log.warn({ err }, 'presence publish failed'));
  }

  #remove(socket: Client): void {
    const state = socket[kState];
    if (!state) return;
    for (const channel of state.channels ?? []) this.#unwatch(socket, channel);
    const set = this.#byUser.get(state.userId);
    if (set?.delete(socket)) {
      this.#count--;
      this.#shared
        ?.release(state.userId, state.id)
        .catch((err: unknown) => this.ctx.log.warn({ err }, 'socket not released across instances'));
      if (set.size === 0) {
        this.#byUser.delete(state.userId);
        this.#presence(state.userId, false);
      }
    }
  }

  #beat(): void {
    const slice = this.#tick++ % HEARTBEAT_SLICES;
    if (slice === 0) this.#forgetOldCommandWindows();
    for (const set of this.#byUser.values()) {
      for (const socket of set) {
        const state = socket[kState]!;
        if (state.slice !== slice) continue;
        if (!state.alive) {
          socket.terminate();
          continue;
        }
        state.alive = false;
        socket.ping();
        this.#renewOnline(state.userId);
      }
    }
  }

  /**
   * Keeps this instance's mark of the user alive (once per socket per round): it outlives an
   * instance that died by at most its TTL (ONLINE_TTL_SECONDS).
   */
  #renewOnline(userId: string): void {
    markSocketsOn(this.ctx.cache, userId, this.#instanceId).catch((err: unknown) =>
      this.ctx.log.warn({ err }, 'online mark failed'),
    );
  }

  /** Once per heartbeat round: windows of a minute ago count for nothing. */
  #forgetOldCommandWindows(): void {
    const t = this.ctx.clock.now().getTime();
    for (const [userId, window] of this.#commands)
      if (t - window.windowStart >= MINUTE_MS) this.#commands.delete(userId);
  }

  #now(): string {
    return this.ctx.clock.now().toISOString();
  }
}
