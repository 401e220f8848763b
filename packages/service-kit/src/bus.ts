import type { EventDef, EventPayload, ReplyPayload, RequestDef, RequestPayload } from '@honne/contracts/events';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import type { TSchema } from '@sinclair/typebox';
import {
  connect,
  createInbox,
  headers,
  JSONCodec,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  type Subscription as NatsSubscription,
} from 'nats';

import { DurableEvents } from './durable.ts';
import type { ProcessedEvents } from './processed.ts';
import type { Logger } from './logger.ts';
import { BATCH_TRACES_HEADER, TRACEPARENT_HEADER, traceparent, withTraceparent } from './tracing.ts';

export interface Subscription {
  unsubscribe(): void;
}

export interface PublishOptions {
  /** The event's id: a durable event published twice with one id is stored once (an outbox relay's retry). */
  id?: string;
}

export interface SubscribeOptions {
  /** Subscribers sharing a queue group split the messages: one of them gets each. Services use their name. */
  queue?: string;
  /** Durable events (NATS) already handled by this consumer, by event id, are acked and skipped. */
  processed?: ProcessedEvents;
}

/** The one bus API. NATS when NATS_URL is set, otherwise in-process with the same semantics. */
export interface Bus {
  readonly kind: 'nats' | 'in-process';
  /** A durable event (`def.durable`) is stored in its stream before this resolves (NATS). */
  publish<E extends EventDef>(def: E, payload: EventPayload<E>, options?: PublishOptions): Promise<void>;
  /**
   * A durable event with a queue group is read through that group's durable consumer (NATS): what
   * was published while no member ran is delivered when one starts, and an event whose handler
   * throws is retried. Without a queue group, or on the in-process bus, events arrive as they happen.
   */
  subscribe<E extends EventDef>(
    def: E,
    handler: (payload: EventPayload<E>) => Promise<void> | void,
    options?: SubscribeOptions,
  ): Subscription;
  request<R extends RequestDef>(def: R, payload: RequestPayload<R>, timeoutMs?: number): Promise<ReplyPayload<R>>;
  respond<R extends RequestDef>(
    def: R,
    handler: (payload: RequestPayload<R>) => Promise<ReplyPayload<R>>,
    options?: SubscribeOptions,
  ): Subscription;
  /** Resolves when everything published so far has reached the server (NATS) or its handlers (in-process). */
  flush(): Promise<void>;
  /**
   * Calls `listener(false)` when the connection to the server is lost and `listener(true)` once it
   * is back, after what was held meanwhile has been sent (NATS; never in-process). Like the cache's
   * `onAvailability`: a publish that failed while NATS was down is retried at once when it is back.
   * What others published on core NATS meanwhile is gone: a listener catches up from wherever the
   * facts are kept (the gateway tells its sockets, and re-reads each one's replay log when back).
   */
  onAvailability(listener: (up: boolean) => void): void;
  close(): Promise<void>;
}

export interface NatsBusOptions {
  /**
   * Plain events (not durable) published while the connection is down are held and sent once it is
   * back, up to this many; past it a publish throws (`BusError`) and the caller decides.
   */
  holdWhileDown?: number;
  /** Copies of each durable stream on a JetStream cluster (NATS_REPLICAS); default 1. */
  replicas?: number;
}

/** Enough for a minute of a busy instance's real-time events; their replay log keeps them anyway. */
const HOLD_WHILE_DOWN = 10_000;

export class BusError extends Error {
  override name = 'BusError';
}

/** Compiled once per schema: every publish is checked, and interpreting the schema each time is slow. */
const checkers = new WeakMap<TSchema, TypeCheck<TSchema>>();

function check(subject: string, schema: EventDef['schema'], payload: unknown): void {
  let checker = checkers.get(schema);
  if (!checker) checkers.set(schema, (checker = TypeCompiler.Compile(schema)));
  if (!checker.Check(payload)) {
    const first = [...checker.Errors(payload)][0];
    throw new BusError(`invalid payload for ${subject}: ${first?.path ?? ''} ${first?.message ?? ''}`);
  }
}

type Handler = (payload: unknown) => Promise<unknown> | unknown;
interface Entry {
  handler: Handler;
  queue: string | undefined;
}

export class InProcessBus implements Bus {
  readonly kind = 'in-process' as const;
  #subs = new Map<string, Entry[]>();
  #roundRobin = new Map<string, number>();
  #pending = new Set<Promise<unknown>>();

  constructor(private readonly log?: Logger) {}

  async publish<E extends EventDef>(def: E, payload: EventPayload<E>): Promise<void> {
    check(def.subject, def.schema, payload);
    const copy = structuredClone(payload);
    for (const entry of this.#targets(def.subject)) {
      // Delivered on a later tick, as a real bus would, so publishers never run subscriber code inline.
      const p = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => entry.handler(copy))
        .catch((err: unknown) => this.log?.error({ err, subject: def.subject }, 'bus handler failed'))
        .finally(() => this.#pending.delete(p));
      this.#pending.add(p);
    }
  }

  subscribe<E extends EventDef>(
    def: E,
    handler: (payload: EventPayload<E>) => Promise<void> | void,
    options: SubscribeOptions = {},
  ): Subscription {
    return this.#add(def.subject, { handler: handler as Handler, queue: options.queue });
  }

  async request<R extends RequestDef>(def: R, payload: RequestPayload<R>, timeoutMs = 3000): Promise<ReplyPayload<R>> {
    check(def.subject, def.request, payload);
    const entry = this.#targets(def.subject)[0];
    if (!entry) throw new BusError(`no responder for ${def.subject}`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new BusError(`request ${def.subject} timed out`)), timeoutMs);
    });
    try {
      return (await Promise.race([entry.handler(structuredClone(payload)), timeout])) as ReplyPayload<R>;
    } finally {
      clearTimeout(timer);
    }
  }

  respond<R extends RequestDef>(
    def: R,
    handler: (payload: RequestPayload<R>) => Promise<ReplyPayload<R>>,
    options: SubscribeOptions = {},
  ): Subscription {
    return this.#add(def.subject, { handler: handler as Handler, queue: options.queue ?? 'responders' });
  }

  async flush(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  onAvailability(): void {
    // One process: never away.
  }

  async close(): Promise<void> {
    await this.flush();
    this.#subs.clear();
  }

  #add(subject: string, entry: Entry): Subscription {
    const list = this.#subs.get(subject) ?? [];
    list.push(entry);
    this.#subs.set(subject, list);
    return {
      unsubscribe: () =>
        this.#subs.set(
          subject,
          (this.#subs.get(subject) ?? []).filter((e) => e !== entry),
        ),
    };
  }

  /** Every plain subscriber, plus one member of each queue group (round robin). */
  #targets(subject: string): Entry[] {
    const list = this.#subs.get(subject) ?? [];
    const out = list.filter((e) => e.queue === undefined);
    const groups = new Map<string, Entry[]>();
    for (const e of list) if (e.queue !== undefined) groups.set(e.queue, [...(groups.get(e.queue) ?? []), e]);
    for (const [queue, members] of groups) {
      const key = `${subject}|${queue}`;
      const n = this.#roundRobin.get(key) ?? 0;
      this.#roundRobin.set(key, n + 1);
      out.push(members[n % members.length]!);
    }
    return out;
  }
}

const codec = JSONCodec();
const text = new TextEncoder();

/** A batch is sent once it holds this many items or bytes, or at the end of the current turn. */
const MAX_BATCH_ITEMS = 256;
const MAX_BATCH_BYTES = 256 * 1024;

type Outcome = { ok: true; data: unknown } | { ok: false; error: string };

interface BatchedCall {
  json: string;
  trace?: string;
  resolve: (data: unknown) => void;
  reject: (err: Error) => void;
}

/** Items waiting for the end of the turn, per subject. */
class Outbox<T extends { json: string }> {
  readonly #bySubject = new Map<string, { items: T[]; bytes: number }>();
  #scheduled = false;

  constructor(private readonly send: (subject: string, items: T[]) => void) {}

  add(subject: string, item: T): void {
    let batch = this.#bySubject.get(subject);
    if (!batch) this.#bySubject.set(subject, (batch = { items: [], bytes: 0 }));
    batch.items.push(item);
    batch.bytes += item.json.length;
    if (batch.items.length >= MAX_BATCH_ITEMS || batch.bytes >= MAX_BATCH_BYTES) {
      this.#bySubject.delete(subject);
      this.send(subject, batch.items);
    } else if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  flush(): void {
    this.#scheduled = false;
    const batches = [...this.#bySubject];
    this.#bySubject.clear();
    for (const [subject, batch] of batches) this.send(subject, batch.items);
  }
}

const jsonArray = (items: { json: string }[]) => text.encode(`[${items.map((i) => i.json).join(',')}]`);

/** Tracing on: each item's trace, in item order (see `BATCH_TRACES_HEADER`). */
function batchHeaders(items: { trace?: string }[]): MsgHdrs | undefined {
  if (!items.some((i) => i.trace)) return undefined;
  const h = headers();
  h.set(BATCH_TRACES_HEADER, items.map((i) => i.trace ?? '').join(','));
  return h;
}

function traceHeaders(trace: string | undefined): MsgHdrs | undefined {
  if (!trace) return undefined;
  const h = headers();
  h.set(TRACEPARENT_HEADER, trace);
  return h;
}

const batchTraces = (msg: Msg): string[] | undefined => msg.headers?.get(BATCH_TRACES_HEADER)?.split(',');

export class NatsBus implements Bus {
  readonly kind = 'nats' as const;
  #subs = new Set<NatsSubscription>();
  /** Replies to requests arrive on `<inbox>.<batch id>`. */
  readonly #inbox: string;
  #nextBatchId = 0;
  readonly #waiting = new Map<number, { calls: BatchedCall[]; timer: NodeJS.Timeout; subject: string }>();
  readonly #events = new Outbox<{ json: string; trace?: string }>((subject, items) =>
    this.#send(subject, jsonArray(items), batchHeaders(items)),
  );
  readonly #requests = new Outbox<BatchedCall & { timeoutMs: number }>((subject, calls) =>
    this.#sendRequests(subject, calls),
  );

  readonly #availabilityListeners: ((up: boolean) => void)[] = [];
  /** False from a lost connection's status until it is back. */
  #up = true;
  /**
   * Plain events published while the connection was down. nats.js empties its own outgoing buffer
   * at every reconnect try, so what it was handed meanwhile never reached the server: a message's
   * event published by a service still reconnecting after the gateway had caught up was lost.
   */
  #held: { subject: string; data: Uint8Array; h: MsgHdrs | undefined }[] = [];
  readonly #holdLimit: number;
  /**
   * Set as close begins: the connection drains, and nats.js throws on any publish from then on. A
   * handler still finishing (a test's harness closing, a SIGTERM) is told its event was not sent.
   */
  #closing = false;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly log: Logger,
    private readonly durable: DurableEvents,
    options: NatsBusOptions,
  ) {
    this.#holdLimit = options.holdWhileDown ?? HOLD_WHILE_DOWN;
    this.#inbox = createInbox();
    this.nc.subscribe(`${this.#inbox}.*`, { callback: (_err, msg) => this.#onBatchReply(msg) });
    void this.#watchStatus();
  }

  /** Logs losing and regaining the server, and tells the availability listeners. */
  async #watchStatus(): Promise<void> {
    for await (const status of this.nc.status()) {
      if (status.type === 'disconnect') {
        this.log.warn({ server: status.data }, 'NATS connection lost; reconnecting');
        this.#up = false;
        this.#tell(false);
      }
      if (status.type !== 'reconnect') continue;
      this.log.warn({ server: status.data, held: this.#held.length }, 'NATS connection back');
      this.#up = true;
      // What was held goes first: a listener (the gateway's catch-up) then sees it as sent.
      for (const { subject, data, h } of this.#held.splice(0)) this.nc.publish(subject, data, h && { headers: h });
      this.#tell(true);
    }
  }

  #tell(up: boolean): void {
    for (const listener of this.#availabilityListeners) {
      try {
        listener(up);
      } catch (err) {
        this.log.error({ err }, 'connection listener failed');
      }
    }
  }

  /**
   * Whether a publish now reaches the server. The status stream says so a few turns late; the
   * protocol's own flag turns false as soon as the socket closes.
   */
  #connected(): boolean {
    const protocol = (this.nc as NatsConnection & { protocol?: { connected?: boolean } }).protocol;
    return this.#up && protocol?.connected !== false;
  }

  /**
   * A plain publish, held while the connection is down (see `#held`). It runs at the end of a turn
   * for batched events, where a throw would end the process: what cannot be sent is logged.
   */
  #send(subject: string, data: Uint8Array, h?: MsgHdrs): void {
    if (!this.#connected()) {
      this.#held.push({ subject, data, h });
      return;
    }
    try {
      this.nc.publish(subject, data, h && { headers: h });
    } catch (err) {
      this.log.error({ err, subject }, 'event not sent: the NATS connection is closing');
    }
  }

  #refuseWhileClosing(subject: string): void {
    if (this.#closing) throw new BusError(`the bus is closing: ${subject} not sent`);
  }

  /** A publisher is told when the held events are at their limit: its event would be lost. */
  #checkRoom(subject: string): void {
    if (!this.#connected() && this.#held.length >= this.#holdLimit)
      throw new BusError(`NATS is away and ${this.#held.length} events wait already: ${subject} not sent`);
  }

  static async connect(url: string, name: string, log: Logger, options: NatsBusOptions = {}): Promise<NatsBus> {
    // A cluster's servers as a comma-separated list: the client connects to any, fails over to the others.
    const servers = url.split(',').map((s) => s.trim());
    const nc = await connect({ servers, name, maxReconnectAttempts: -1 });
    try {
      return new NatsBus(nc, log, await DurableEvents.open(nc, log, options.replicas ?? 1), options);
    } catch (err) {
      await nc.close();
      throw err;
    }
  }

  async publish<E extends EventDef>(def: E, payload: EventPayload<E>, options: PublishOptions = {}): Promise<void> {
    check(def.subject, def.schema, payload);
    if (def.durable) {
      await this.durable.publish(def.subject, payload, options.id);
      return;
    }
    this.#refuseWhileClosing(def.subject);
    this.#checkRoom(def.subject);
    const trace = traceparent();
    if (def.batched) this.#events.add(def.subject, { json: JSON.stringify(payload), trace });
    else this.#send(def.subject, codec.encode(payload), traceHeaders(trace));
  }

  subscribe<E extends EventDef>(
    def: E,
    handler: (payload: EventPayload<E>) => Promise<void> | void,
    options: SubscribeOptions = {},
  ): Subscription {
    if (def.durable && options.queue) {
      return this.durable.subscribe(
        def,
        options.queue,
        async (payload) => {
          await handler(payload as EventPayload<E>);
        },
        options.processed,
      );
    }
    const run = (payload: unknown) => {
      try {
        const done = handler(payload as EventPayload<E>);
        if (done) done.catch((err: unknown) => this.#handlerFailed(def.subject, err));
      } catch (err) {
        this.#handlerFailed(def.subject, err);
      }
    };
    return this.#listen(def.subject, options.queue, (msg) => {
      const decoded = codec.decode(msg.data);
      if (!def.batched) return withTraceparent(msg.headers?.get(TRACEPARENT_HEADER), () => run(decoded));
      const traces = batchTraces(msg);
      (decoded as unknown[]).forEach((payload, i) => withTraceparent(traces?.[i], () => run(payload)));
    });
  }

  /**
   * Requests always travel in batches (a batch of one when alone): the ones made in the same turn
   * share a NATS message and its reply, and none pays for a reply subscription or a timer of its own.
   */
  async request<R extends RequestDef>(def: R, payload: RequestPayload<R>, timeoutMs = 3000): Promise<ReplyPayload<R>> {
    check(def.subject, def.request, payload);
    this.#refuseWhileClosing(def.subject);
    return new Promise((resolve, reject) => {
      this.#requests.add(def.subject, {
        json: JSON.stringify(payload),
        trace: traceparent(),
        resolve: resolve as (data: unknown) => void,
        reject,
        timeoutMs,
      });
    });
  }

  respond<R extends RequestDef>(
    def: R,
    handler: (payload: RequestPayload<R>) => Promise<ReplyPayload<R>>,
    options: SubscribeOptions = {},
  ): Subscription {
    const answer = async (payload: unknown): Promise<Outcome> => {
      try {
        return { ok: true, data: await handler(payload as RequestPayload<R>) };
      } catch (err) {
        this.#handlerFailed(def.subject, err);
        return { ok: false, error: err instanceof Error ? err.message : String(err) };
      }
    };
    return this.#listen(def.subject, options.queue ?? 'responders', (msg) => {
      const batch = codec.decode(msg.data) as unknown[];
      const traces = batchTraces(msg);
      void Promise.all(batch.map((payload, i) => withTraceparent(traces?.[i], () => answer(payload)))).then(
        (outcomes) => {
          // What the handlers published goes out ahead of the answer and in the same socket write
          // (a chat message's event reaches its receiver first, and one write costs less than two).
          this.#events.flush();
          try {
            msg.respond(codec.encode(outcomes));
          } catch (err) {
            // Closing: the requester's own timeout tells it.
            this.log.warn({ err, subject: def.subject }, 'answer not sent: the NATS connection is closing');
          }
        },
      );
    });
  }

  async flush(): Promise<void> {
    this.#events.flush();
    this.#requests.flush();
    await this.nc.flush();
  }

  onAvailability(listener: (up: boolean) => void): void {
    this.#availabilityListeners.push(listener);
  }

  async close(): Promise<void> {
    this.#events.flush();
    this.#requests.flush();
    this.#closing = true;
    this.durable.stop();
    await this.nc.drain();
  }

  #sendRequests(subject: string, calls: (BatchedCall & { timeoutMs: number })[]): void {
    const id = ++this.#nextBatchId;
    const timeoutMs = Math.max(...calls.map((c) => c.timeoutMs));
    const timer = setTimeout(() => this.#failBatch(id, `request ${subject} timed out`), timeoutMs);
    this.#waiting.set(id, { calls, timer, subject });
    try {
      const h = batchHeaders(calls);
      this.nc.publish(subject, jsonArray(calls), { reply: `${this.#inbox}.${id}`, ...(h ? { headers: h } : {}) });
    } catch (err) {
      this.#failBatch(id, `request ${subject} not sent: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  #onBatchReply(msg: Msg): void {
    const id = Number(msg.subject.slice(this.#inbox.length + 1));
    const batch = this.#waiting.get(id);
    if (!batch) return;
    // An empty 503 is the server saying nobody listens on the subject.
    if (msg.data.length === 0 && msg.headers?.code === 503) {
      this.#failBatch(id, `no responder for ${batch.subject}`);
      return;
    }
    this.#waiting.delete(id);
    clearTimeout(batch.timer);
    const outcomes = codec.decode(msg.data) as Outcome[];
    batch.calls.forEach((call, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok) call.resolve(outcome.data);
      else call.reject(new BusError(`${batch.subject}: ${outcome?.error ?? 'no reply'}`));
    });
  }

  #failBatch(id: number, why: string): void {
    const batch = this.#waiting.get(id);
    if (!batch) return;
    this.#waiting.delete(id);
    clearTimeout(batch.timer);
    for (const call of batch.calls) call.reject(new BusError(why));
  }

  #handlerFailed(subject: string, err: unknown): void {
    this.log.error({ err, subject }, 'bus handler failed');
  }

  /** A subscription whose messages are handled in a callback (no async iterator, no promise per message). */
  #listen(subject: string, queue: string | undefined, onMessage: (msg: Msg) => void): Subscription {
    const sub = this.nc.subscribe(subject, {
      ...(queue ? { queue } : {}),
      callback: (err, msg) => {
        if (err) {
          this.log.error({ err, subject }, 'bus subscription failed');
          return;
        }
        try {
          onMessage(msg);
        } catch (error) {
          this.#handlerFailed(subject, error);
        }
      },
    });
    this.#subs.add(sub);
    return {
      unsubscribe: () => {
        sub.unsubscribe();
        this.#subs.delete(sub);
      },
    };
  }
}

export async function openBus(
  natsUrl: string | undefined,
  name: string,
  log: Logger,
  options: NatsBusOptions = {},
): Promise<Bus> {
  return natsUrl ? NatsBus.connect(natsUrl, name, log, options) : new InProcessBus(log);
}
