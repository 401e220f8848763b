import { events, type EventDef } from '@honne/contracts/events';
import {
  AckPolicy,
  DeliverPolicy,
  JSONCodec,
  RetentionPolicy,
  StorageType,
  headers,
  nanos,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type NatsConnection,
} from 'nats';

import type { Logger } from './logger.ts';
import type { ProcessedEvents } from './processed.ts';
import { TRACEPARENT_HEADER, traceparent, withTraceparent } from './tracing.ts';

/**
 * The event's id, for consumers (processed.ts): the same as the JetStream message id, but kept on
 * a copy stored again after the duplicate window, which the message id no longer deduplicates.
 */
export const EVENT_ID_HEADER = 'Honne-Event-Id';

/**
 * Durable domain events on JetStream (docs/adr/0007-durable-events.md): one stream per producing
 * service holding its durable subjects, one durable consumer per consuming service and subject,
 * shared by the service's instances (each event goes to one of them), acked only after the handler
 * succeeded. A service that was down reads what it missed when it starts again.
 */
export const DURABLE = {
  /** How long a stream keeps an event: a service down longer than this rebuilds its copies instead. */
  maxAgeMs: 7 * 24 * 3600 * 1000,
  /** Publishing the same event id again within this window stores it once. */
  duplicateWindowMs: 2 * 60 * 1000,
  /** A handler that keeps failing is retried after these pauses, then the event is dead-lettered. */
  retryPausesMs: [500, 2_000, 5_000, 15_000, 30_000],
  /** How long a handler may take before its event is delivered again. */
  ackWaitMs: 30_000,
} as const;

/** The subject a dead-lettered event is copied to (and logged at error level). */
export const deadLetterSubject = (subject: string) => `deadletter.${subject}`;

/** Stream name → its subjects: every durable subject of the contracts, by its first word (the producer). */
export function durableStreams(defs: readonly EventDef[] = Object.values(events)): Map<string, string[]> {
  const streams = new Map<string, string[]>();
  for (const def of defs) {
    if (!def.durable) continue;
    if (def.batched) throw new Error(`${def.subject}: a batched subject cannot be durable`);
    const name = streamOf(def.subject);
    streams.set(name, [...(streams.get(name) ?? []), def.subject]);
  }
  return streams;
}

const streamOf = (subject: string) => `EVENTS_${subject.split('.')[0]!.toUpperCase()}`;
const codec = JSONCodec();

export class DurableEvents {
  readonly #consumers = new Set<ConsumerMessages>();

  private constructor(
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly log: Logger,
  ) {}

  /**
   * Connects to JetStream and makes sure every stream holds its subjects and has `replicas` copies
   * (idempotent, safe in parallel).
   */
  static async open(nc: NatsConnection, log: Logger, replicas = 1): Promise<DurableEvents> {
    let jsm: JetStreamManager;
    try {
      jsm = await nc.jetstreamManager();
    } catch (err) {
      throw new Error('NATS answers without JetStream: start nats-server with -js (durable events need it)', {
        cause: err,
      });
    }
    for (const [name, subjects] of durableStreams()) await ensureStream(jsm, name, subjects, replicas);
    return new DurableEvents(nc.jetstream(), jsm, log);
  }

  /** Stored in the producer's stream before it resolves; `id` makes a retried publish a no-op. */
  async publish(subject: string, payload: unknown, id?: string): Promise<void> {
    const parent = traceparent();
    if (!id && !parent) {
      await this.js.publish(subject, codec.encode(payload));
      return;
    }
    const h = headers();
    if (id) h.set(EVENT_ID_HEADER, id);
    if (parent) h.set(TRACEPARENT_HEADER, parent);
    await this.js.publish(subject, codec.encode(payload), { ...(id ? { msgID: id } : {}), headers: h });
  }

  /**
   * Reads `def` through the durable consumer `<queue>_<subject>`: created on first use to start at
   * this moment (a new service does not replay the past), resumed where it stopped ever after.
   * Events are handled one at a time, in order; a failure is retried after a pause, and after the
   * last pause the event is dead-lettered so the ones behind it go on.
   */
  subscribe(
    def: EventDef,
    queue: string,
    handler: (payload: unknown) => Promise<void>,
    processed?: ProcessedEvents,
  ): { unsubscribe(): void } {
    const since = new Date();
    let messages: ConsumerMessages | undefined;
    let stopped = false;
    const run = async () => {
      const stream = streamOf(def.subject);
      const name = `${queue}_${def.subject.replaceAll('.', '_')}`;
      await ensureConsumer(this.jsm, stream, name, def.subject, since);
      if (stopped) return;
      const consumer = await this.js.consumers.get(stream, name);
      messages = await consumer.consume({ max_messages: 64 });
      this.#consumers.add(messages);
      for await (const m of messages) await this.#handle(def.subject, m, handler, processed && { processed, name });
    };
    run()
      .catch((err: unknown) => {
        if (!stopped) this.log.error({ err, subject: def.subject }, 'durable subscription failed');
      })
      .finally(() => messages && this.#consumers.delete(messages));
    return {
      unsubscribe: () => {
        stopped = true;
        messages?.stop();
      },
    };
  }

  async #handle(
    subject: string,
    m: JsMsg,
    handler: (payload: unknown) => Promise<void>,
    dedupe?: { processed: ProcessedEvents; name: string },
  ): Promise<void> {
    try {
      const id = m.headers?.get(EVENT_ID_HEADER) || undefined;
      if (dedupe && id && (await dedupe.processed.seen(dedupe.name, id))) {
        this.log.info({ subject, id, seq: m.seq }, 'durable event already handled; acked again');
        m.ack();
        return;
      }
      await withTraceparent(m.headers?.get(TRACEPARENT_HEADER), () => handler(codec.decode(m.data)));
      // After the handler, before the ack: a crash between them runs the handler again, never skips it.
      if (dedupe && id) await dedupe.processed.mark(dedupe.name, id);
      m.ack();
    } catch (err) {
      const tries = m.info.redeliveryCount;
      const pause = DURABLE.retryPausesMs[tries - 1];
      if (pause === undefined) {
        this.log.error({ err, subject, tries, seq: m.seq }, 'dead letter: a durable event failed every retry');
        await this.js.publish(deadLetterSubject(subject), m.data).catch(() => undefined);
        m.term();
      } else {
        this.log.warn({ err, subject, tries, seq: m.seq }, 'durable event failed; retrying after a pause');
        m.nak(pause);
      }
    }
  }

  stop(): void {
    for (const m of this.#consumers) m.stop();
    this.#consumers.clear();
  }
}

async function ensureStream(jsm: JetStreamManager, name: string, subjects: string[], replicas: number): Promise<void> {
  const existing = await jsm.streams.info(name).catch(() => undefined);
  if (existing) {
    const missing = subjects.filter((s) => !existing.config.subjects.includes(s));
    // A stream made on one server gains its copies when the deployment becomes a cluster.
    if (missing.length > 0 || existing.config.num_replicas !== replicas) {
      await jsm.streams.update(name, { subjects: [...existing.config.subjects, ...missing], num_replicas: replicas });
    }
    return;
  }
  try {
    await jsm.streams.add({
      name,
      subjects,
      num_replicas: replicas,
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      max_age: nanos(DURABLE.maxAgeMs),
      duplicate_window: nanos(DURABLE.duplicateWindowMs),
    });
  } catch (err) {
    // Another process made it in the meantime: fine, as long as it is there now.
    if (!(await jsm.streams.info(name).catch(() => undefined))) throw err;
  }
}

async function ensureConsumer(
  jsm: JetStreamManager,
  stream: string,
  name: string,
  subject: string,
  since: Date,
): Promise<void> {
  if (await jsm.consumers.info(stream, name).catch(() => undefined)) return;
  try {
    await jsm.consumers.add(stream, {
      durable_name: name,
      filter_subject: subject,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: since.toISOString(),
      ack_wait: nanos(DURABLE.ackWaitMs),
      // One more than the retries: the last failure is dead-lettered by the handler, not dropped.
      max_deliver: DURABLE.retryPausesMs.length + 2,
    });
  } catch (err) {
    if (!(await jsm.consumers.info(stream, name).catch(() => undefined))) throw err;
  }
}
