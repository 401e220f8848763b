import type { EventDef, EventPayload, ReplyPayload, RequestDef, RequestPayload } from '@honne/contracts/events';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import type { TSchema } from '@sinclair/typebox';
import { connect, JSONCodec, type Msg, type NatsConnection, type Subscription as NatsSubscription } from 'nats';

import type { Logger } from './logger.ts';

export interface Subscription {
  unsubscribe(): void;
}

export interface SubscribeOptions {
  /** Subscribers sharing a queue group split the messages: one of them gets each. Services use their name. */
  queue?: string;
}

/** The one bus API. NATS when NATS_URL is set, otherwise in-process with the same semantics. */
export interface Bus {
  readonly kind: 'nats' | 'in-process';
  publish<E extends EventDef>(def: E, payload: EventPayload<E>): Promise<void>;
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
  close(): Promise<void>;
}

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

export class NatsBus implements Bus {
  readonly kind = 'nats' as const;
  #subs = new Set<NatsSubscription>();

  private constructor(
    private readonly nc: NatsConnection,
    private readonly log: Logger,
  ) {}

  static async connect(url: string, name: string, log: Logger): Promise<NatsBus> {
    const nc = await connect({ servers: url, name, maxReconnectAttempts: -1 });
    return new NatsBus(nc, log);
  }

  async publish<E extends EventDef>(def: E, payload: EventPayload<E>): Promise<void> {
    check(def.subject, def.schema, payload);
    this.nc.publish(def.subject, codec.encode(payload));
  }

  subscribe<E extends EventDef>(
    def: E,
    handler: (payload: EventPayload<E>) => Promise<void> | void,
    options: SubscribeOptions = {},
  ): Subscription {
    const sub = this.nc.subscribe(def.subject, options.queue ? { queue: options.queue } : {});
    this.#consume(sub, async (msg) => handler(codec.decode(msg.data) as EventPayload<E>));
    return this.#wrap(sub);
  }

  async request<R extends RequestDef>(def: R, payload: RequestPayload<R>, timeoutMs = 3000): Promise<ReplyPayload<R>> {
    check(def.subject, def.request, payload);
    const msg = await this.nc.request(def.subject, codec.encode(payload), { timeout: timeoutMs });
    const reply = codec.decode(msg.data) as { ok: true; data: ReplyPayload<R> } | { ok: false; error: string };
    if (!reply.ok) throw new BusError(`${def.subject}: ${reply.error}`);
    return reply.data;
  }

  respond<R extends RequestDef>(
    def: R,
    handler: (payload: RequestPayload<R>) => Promise<ReplyPayload<R>>,
    options: SubscribeOptions = {},
  ): Subscription {
    const sub = this.nc.subscribe(def.subject, { queue: options.queue ?? 'responders' });
    this.#consume(sub, async (msg) => {
      try {
        const data = await handler(codec.decode(msg.data) as RequestPayload<R>);
        msg.respond(codec.encode({ ok: true, data }));
      } catch (err) {
        msg.respond(codec.encode({ ok: false, error: err instanceof Error ? err.message : String(err) }));
        throw err;
      }
    });
    return this.#wrap(sub);
  }

  async flush(): Promise<void> {
    await this.nc.flush();
  }

  async close(): Promise<void> {
    await this.nc.drain();
  }

  #consume(sub: NatsSubscription, onMessage: (msg: Msg) => Promise<unknown>): void {
    void (async () => {
      for await (const msg of sub) {
        onMessage(msg).catch((err: unknown) =>
          this.log.error({ err, subject: sub.getSubject() }, 'bus handler failed'),
        );
      }
    })();
  }

  #wrap(sub: NatsSubscription): Subscription {
    this.#subs.add(sub);
    return {
      unsubscribe: () => {
        sub.unsubscribe();
        this.#subs.delete(sub);
      },
    };
  }
}

export async function openBus(natsUrl: string | undefined, name: string, log: Logger): Promise<Bus> {
  return natsUrl ? NatsBus.connect(natsUrl, name, log) : new InProcessBus(log);
}
