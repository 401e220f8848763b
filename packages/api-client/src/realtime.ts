import {
  REALTIME_CLOSE,
  REALTIME_REPLAY_LIMIT,
  REALTIME_TYPES,
  type RealtimeClientFrame,
  type RealtimeCommandName,
  type RealtimeCommandResult,
  type RealtimeEvent,
} from '@honne/contracts/realtime';
import { dataOf, realtimeEvents } from '@honne/contracts/realtime-events';

/**
 * Ordering of one user's event stream. The server numbers events per user; this keeps the highest
 * seq delivered without a hole (`last`), drops duplicates, and holds early arrivals until the hole
 * before them fills. Pure, so it is tested without a socket.
 */
export class SeqTracker {
  /** Highest seq delivered with every lower one delivered too; null before the first hello. */
  last: number | null = null;
  private readonly pending = new Map<number, RealtimeEvent>();

  /**
   * The server's hello carries its current seq. Returns 'reset' when the server is behind us (it
   * lost its history, e.g. restarted): our numbering no longer means anything, start again.
   * Returns 'lost' when more happened than the server keeps for replay.
   */
  hello(serverSeq: number): 'ok' | 'reset' | 'lost' {
    if (this.last === null) {
      this.last = serverSeq;
      return 'ok';
    }
    if (serverSeq < this.last) {
      this.last = serverSeq;
      this.pending.clear();
      return 'reset';
    }
    if (serverSeq - this.last > REALTIME_REPLAY_LIMIT) {
      this.last = serverSeq;
      this.pending.clear();
      return 'lost';
    }
    return 'ok';
  }

  /** Events ready to hand to the app, in order (possibly none, possibly several). */
  accept(event: RealtimeEvent): RealtimeEvent[] {
    if (event.seq === undefined) return [event];
    if (this.last === null) this.last = event.seq - 1;
    if (event.seq <= this.last || this.pending.has(event.seq)) return [];
    this.pending.set(event.seq, event);
    const ready: RealtimeEvent[] = [];
    let next = this.pending.get(this.last + 1);
    while (next) {
      ready.push(next);
      this.pending.delete(this.last + 1);
      this.last += 1;
      next = this.pending.get(this.last + 1);
    }
    return ready;
  }

  get hasGap(): boolean {
    return this.pending.size > 0;
  }

  /** Gives up on a hole: delivers what is held, in order, and moves past it. */
  skipGap(): RealtimeEvent[] {
    const held = [...this.pending.values()].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
    this.pending.clear();
    const lastHeld = held[held.length - 1];
    if (lastHeld?.seq !== undefined) this.last = lastHeld.seq;
    return held;
  }
}

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

/** The parts of the WebSocket constructor we use (browser WebSocket and the `ws` package fit). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}
export type WebSocketFactory = new (url: string) => WebSocketLike;

export interface RealtimeOptions {
  /** Base like 'ws://localhost:8080/api/v1/realtime'; defaults to the page's origin. */
  url?: string;
  getToken: () => string | null;
  WebSocket?: WebSocketFactory;
  onEvent: (event: RealtimeEvent) => void;
  /** Close 4409 or a session.forced_logout event: another device logged in. */
  onForcedLogout: () => void;
  /** Close 4401: the token is not (or no longer) valid. */
  onUnauthorized: () => void;
  /** The stream restarted or events were lost: the app should reload what it shows. */
  onResync?: (reason: 'reset' | 'lost' | 'gap') => void;
  onStatus?: (status: RealtimeStatus) => void;
  pingIntervalMs?: number;
  /** How long a hole in seq may stay before asking the server to resend, then skipping it. */
  gapTimeoutMs?: number;
  /**
   * How long a socket may take to open before it is given up and tried again: a connection to an
   * address nobody answers (a gateway gone, a phone between networks) otherwise waits for minutes.
   */
  connectTimeoutMs?: number;
  backoff?: { initialMs?: number; maxMs?: number };
  random?: () => number;
}

export interface RealtimeClient {
  start(): void;
  stop(): void;
  /** Reconnects at once (e.g. when the browser comes back online). */
  reconnectNow(): void;
  /**
   * Live events of a channel (e.g. `topics:thread:<id>`) while subscribed: sends the subscribe
   * frame now if the socket is open and again after every reconnect. Counted, so two screens may
   * watch one channel; the returned function unsubscribes (the frame goes when the last one leaves).
   */
  subscribe(channel: string): () => void;
  /**
   * Runs a command over the open socket; resolves with the service's status and envelope. Rejects
   * with CommandNotSent when there is no open socket, or the socket closed or stayed silent for
   * `timeoutMs` before the answer (the caller may then retry over HTTP: commands are idempotent by
   * their client id).
   */
  command(name: RealtimeCommandName, body: unknown, timeoutMs?: number): Promise<RealtimeCommandResult>;
  /** Channels currently subscribed. */
  readonly channels: readonly string[];
  readonly lastSeq: number | null;
  readonly status: RealtimeStatus;
}

const OPEN = 1;
const COMMAND_TIMEOUT_MS = 8_000;

/** A socket command got no answer (no open socket, closed meanwhile, or timed out). */
export class CommandNotSent extends Error {
  override readonly name = 'CommandNotSent';
}

export function defaultRealtimeUrl(): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/api/v1/realtime`;
}

export function realtimeUrl(base: string, token: string, since: number | null): string {
  const url = new URL(base);
  url.searchParams.set('token', token);
  if (since !== null) url.searchParams.set('since', String(since));
  return url.toString();
}

/**
 * One socket per signed-in tab. Reconnects with exponential backoff (with jitter), resuming with
 * `since=<last contiguous seq>` so nothing is missed or delivered twice; pings every 25 s so idle
 * proxies keep the connection.
 */
export function createRealtimeClient(options: RealtimeOptions): RealtimeClient {
  const Ws = options.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketFactory);
  const pingMs = options.pingIntervalMs ?? 25_000;
  const gapMs = options.gapTimeoutMs ?? 3_000;
  const connectMs = options.connectTimeoutMs ?? 10_000;
  const initialMs = options.backoff?.initialMs ?? 500;
  const maxMs = options.backoff?.maxMs ?? 30_000;
  const random = options.random ?? Math.random;
  const tracker = new SeqTracker();

  let socket: WebSocketLike | null = null;
  let status: RealtimeStatus = 'idle';
  let wanted = false;
  let attempt = 0;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let gapTimer: ReturnType<typeof setTimeout> | undefined;
  let connectTimer: ReturnType<typeof setTimeout> | undefined;
  let gapResumes = 0;
  const channels = new Map<string, number>();
  let nextRef = 0;
  const pending = new Map<
    string,
    { resolve: (r: RealtimeCommandResult) => void; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> }
  >();
  const failPending = (why: string) => {
    for (const [ref, p] of pending) {
      clearTimeout(p.timer);
      pending.delete(ref);
      p.reject(new CommandNotSent(why));
    }
  };

  const setStatus = (s: RealtimeStatus) => {
    status = s;
    options.onStatus?.(s);
  };

  const sendFrame = (frame: RealtimeClientFrame) => {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(frame));
  };

  const deliver = (events: RealtimeEvent[]) => {
    for (const e of events) {
      if (e.type === REALTIME_TYPES.forcedLogout) {
        end();
        options.onForcedLogout();
        return;
      }
      options.onEvent(e);
    }
  };

  const watchGap = () => {
    clearTimeout(gapTimer);
    gapTimer = undefined;
    if (!tracker.hasGap) {
      gapResumes = 0;
      return;
    }
    gapTimer = setTimeout(() => {
      gapTimer = undefined;
      if (!tracker.hasGap) return;
      if (gapResumes < 2 && tracker.last !== null) {
        gapResumes += 1;
        sendFrame({ type: 'resume', since: tracker.last });
        watchGap();
        return;
      }
      gapResumes = 0;
      deliver(tracker.skipGap());
      options.onResync?.('gap');
    }, gapMs);
  };

  const onMessage = (raw: unknown) => {
    let event: RealtimeEvent;
    try {
      event = JSON.parse(typeof raw === 'string' ? raw : String(raw)) as RealtimeEvent;
    } catch {
      return;
    }
    if (!event || typeof event.type !== 'string') return;
    if (event.type === REALTIME_TYPES.hello) {
      attempt = 0;
      const seq = dataOf(event, realtimeEvents.hello)?.seq;
      if (typeof seq === 'number') {
        const result = tracker.hello(seq);
        if (result !== 'ok') options.onResync?.(result);
      }
      return;
    }
    if (event.type === 'pong') return;
    if (event.type === REALTIME_TYPES.commandResult) {
      const result = dataOf(event, realtimeEvents.commandResult);
      const p = result ? pending.get(result.ref) : undefined;
      if (p && result) {
        clearTimeout(p.timer);
        pending.delete(result.ref);
        p.resolve(result);
      }
      return;
    }
    deliver(tracker.accept(event));
    watchGap();
  };

  const clearTimers = () => {
    clearInterval(pingTimer);
    clearTimeout(retryTimer);
    clearTimeout(gapTimer);
    clearTimeout(connectTimer);
    pingTimer = retryTimer = gapTimer = connectTimer = undefined;
  };

  /**
   * Closes a socket whose events no longer count, whenever they come. Its error handler stays a
   * no-op: closing one still connecting makes Node's `ws` emit an error, which nobody hearing would
   * throw.
   */
  const discard = (s: WebSocketLike, code?: number) => {
    s.onclose = s.onmessage = s.onopen = null;
    s.onerror = () => undefined;
    try {
      s.close(code);
    } catch {
      // already closing
    }
  };

  const end = () => {
    wanted = false;
    clearTimers();
    failPending('closed');
    const s = socket;
    socket = null;
    if (s) discard(s, 1000);
    setStatus('closed');
  };

  const scheduleReconnect = () => {
    if (!wanted) return;
    const base = Math.min(maxMs, initialMs * 2 ** attempt);
    const delay = base / 2 + random() * (base / 2);
    attempt += 1;
    setStatus('reconnecting');
    retryTimer = setTimeout(connect, delay);
  };

  function connect() {
    if (!wanted) return;
    const token = options.getToken();
    if (!token) {
      end();
      return;
    }
    setStatus(attempt === 0 && tracker.last === null ? 'connecting' : 'reconnecting');
    const ws = new Ws(realtimeUrl(options.url ?? defaultRealtimeUrl(), token, tracker.last));
    socket = ws;
    clearTimeout(connectTimer);
    connectTimer = setTimeout(() => {
      if (socket !== ws || ws.readyState === OPEN) return;
      socket = null;
      discard(ws);
      scheduleReconnect();
    }, connectMs);
    ws.onopen = () => {
      clearTimeout(connectTimer);
      setStatus('open');
      clearInterval(pingTimer);
      pingTimer = setInterval(() => sendFrame({ type: 'ping' }), pingMs);
      // Channel subscriptions live as long as one socket: say them again on every new one.
      for (const channel of channels.keys()) sendFrame({ type: 'subscribe', channel });
    };
    ws.onmessage = (ev) => onMessage(ev.data);
    ws.onerror = () => {
      // onclose follows and decides what to do.
    };
    ws.onclose = (ev) => {
      if (socket !== ws) return;
      clearTimeout(connectTimer);
      socket = null;
      failPending('closed');
      clearInterval(pingTimer);
      clearTimeout(gapTimer);
      if (ev.code === REALTIME_CLOSE.forcedLogout) {
        end();
        options.onForcedLogout();
        return;
      }
      if (ev.code === REALTIME_CLOSE.unauthorized) {
        end();
        options.onUnauthorized();
        return;
      }
      if (ev.code === REALTIME_CLOSE.replaced) {
        // The user's newer sockets took this one's place; retrying would push one of them out.
        // It comes back when the page asks (reconnectNow, as on going online).
        setStatus('closed');
        return;
      }
      scheduleReconnect();
    };
  }

  return {
    start() {
      if (wanted) return;
      wanted = true;
      attempt = 0;
      connect();
    },
    stop: end,
    reconnectNow() {
      if (!wanted) return;
      clearTimeout(retryTimer);
      if (socket && socket.readyState <= OPEN) return;
      attempt = 0;
      connect();
    },
    command(name, body, timeoutMs = COMMAND_TIMEOUT_MS) {
      const ws = socket;
      if (!ws || ws.readyState !== OPEN) return Promise.reject(new CommandNotSent('not connected'));
      nextRef += 1;
      const ref = `c${nextRef}`;
      return new Promise<RealtimeCommandResult>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(ref);
          reject(new CommandNotSent('timed out'));
        }, timeoutMs);
        pending.set(ref, { resolve, reject, timer });
        ws.send(JSON.stringify({ type: 'command', ref, name, body } satisfies RealtimeClientFrame));
      });
    },
    subscribe(channel: string) {
      const count = channels.get(channel) ?? 0;
      channels.set(channel, count + 1);
      if (count === 0) sendFrame({ type: 'subscribe', channel });
      let done = false;
      return () => {
        if (done) return;
        done = true;
        const left = (channels.get(channel) ?? 1) - 1;
        if (left > 0) {
          channels.set(channel, left);
          return;
        }
        channels.delete(channel);
        sendFrame({ type: 'unsubscribe', channel });
      };
    },
    get channels() {
      return [...channels.keys()];
    },
    get lastSeq() {
      return tracker.last;
    },
    get status() {
      return status;
    },
  };
}
