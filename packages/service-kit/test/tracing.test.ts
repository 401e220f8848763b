import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';

import { events, type EventDef, type RequestDef } from '@honne/contracts/events';
import { Type } from '@sinclair/typebox';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createServiceApp } from '../src/app.ts';
import { InProcessBus, NatsBus, type Bus } from '../src/bus.ts';
import { MemoryCache, RedisCache, type Cache } from '../src/cache.ts';
import { openBaseContext } from '../src/context.ts';
import { openDatabase, statementVerb } from '../src/db.ts';
import { createLogger } from '../src/logger.ts';
import { infraModes, testConfig, uniqueName } from '../src/testing-infra.ts';
import { startTracing, stopTracing, tracingOn } from '../src/tracing.ts';

// One request that crosses everything the kit carries (issue 29): HTTP in, a query, a plain event,
// a batched one, a durable one and a request over the bus to another "service" — one trace.

const exporter = new InMemorySpanExporter();
beforeAll(() => startTracing('trace-probe', { exporter }));
afterAll(() => stopTracing());

describe.each(infraModes())('traces across the bus ($name)', (mode) => {
  const tag = uniqueName('trace');
  // Each half its own trace (one exporter holds both).
  const TRACE = randomBytes(16).toString('hex');
  const PARENT = `00-${TRACE}-b7ad6b7169203331-01`;
  const plain = { subject: `test.${tag}.plain`, schema: Type.Object({ n: Type.Integer() }) } satisfies EventDef;
  const batched = {
    subject: `test.${tag}.batched`,
    batched: true,
    schema: Type.Object({ n: Type.Integer() }),
  } satisfies EventDef;
  const ask = {
    subject: `test.${tag}.ask`,
    request: Type.Object({ n: Type.Integer() }),
    reply: Type.Object({ twice: Type.Integer() }),
  } satisfies RequestDef;
  const topicId = randomUUID();
  const logLines: string[] = [];
  const buses: Bus[] = [];
  let close: () => Promise<void>;
  let app: ReturnType<typeof createServiceApp>;
  const seen = { plain: 0, batched: 0, durable: 0 };
  let allSeen: () => void;
  const done = new Promise<void>((resolve) => (allSeen = resolve));
  const check = () => seen.plain === 1 && seen.batched === 3 && seen.durable === 1 && allSeen();

  beforeAll(async () => {
    const log = createLogger(
      'trace-a',
      'info',
      new Writable({
        write(chunk, _enc, next) {
          logLines.push(String(chunk));
          next();
        },
      }),
    );
    // Two connections on NATS, so every hop really crosses the server; in-process one bus.
    const open = async (name: string) =>
      mode.natsUrl ? NatsBus.connect(mode.natsUrl, name, log) : (buses[0] ?? new InProcessBus(log));
    buses.push(await open('trace-a'));
    buses.push(await open('trace-b'));
    // Real Redis where there is one: each command inside a trace is a span of it.
    const cache: Cache = mode.redisUrl ? await RedisCache.connect(mode.redisUrl, `${tag}:`) : new MemoryCache();
    const a = await openBaseContext(testConfig('trace-a', mode), { bus: buses[0], cache, log });
    const b = await openBaseContext(testConfig('trace-b', mode), { bus: buses[1], cache, log });
    const database = await openDatabase({
      databaseUrl: mode.databaseUrl,
      dataDir: a.config.dataDir,
      schema: 'public',
      inMemory: true,
    });
    const subs = [
      b.bus.subscribe(plain, () => void (seen.plain++, check())),
      b.bus.subscribe(batched, () => void (seen.batched++, check())),
      b.bus.subscribe(events.voiceModerated, (e) => void (e.topic_id === topicId && (seen.durable++, check())), {
        queue: tag,
      }),
      b.bus.respond(ask, async ({ n }) => ({ twice: n * 2 })),
    ];
    app = createServiceApp(a);
    app.get('/probe', async (request) => {
      await sql`select 1 as one`.execute(database.db);
      await cache.set(`probe`, '1', 60);
      await cache.incrWindow('window', 60);
      request.log.info('probe handled');
      await a.bus.publish(plain, { n: 1 });
      for (const n of [1, 2, 3]) await a.bus.publish(batched, { n });
      await a.bus.publish(events.voiceModerated, {
        event_id: randomUUID(),
        topic_id: topicId,
        hidden: true,
        at: new Date().toISOString(),
      });
      return a.bus.request(ask, { n: 21 });
    });
    await app.ready();
    close = async () => {
      for (const s of subs) s.unsubscribe();
      await app.close();
      await database.close();
      for (const bus of new Set(buses)) await bus.close();
      await cache.close();
    };
  });
  afterAll(() => close());

  it('one request is one trace: HTTP, the query, each event published and handled, the request and its answer', async () => {
    expect(tracingOn()).toBe(true);
    const res = await app.inject({ url: '/probe', headers: { traceparent: PARENT } });
    expect(res.json()).toEqual({ twice: 42 });
    await done;
    const spans = () => exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === TRACE);
    await expect.poll(() => spans().filter((s) => s.name.startsWith('process ')).length).toBe(5);
    const names = spans().map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'request',
        'SELECT',
        `publish ${plain.subject}`,
        `process ${plain.subject}`,
        `publish ${batched.subject}`,
        `process ${batched.subject}`,
        'publish safety.voice.moderated',
        'process safety.voice.moderated',
        `request ${ask.subject}`,
        `answer ${ask.subject}`,
      ]),
    );
    // Each handling is a child of its own publish, carried over the wire (one header per batch item).
    const byId = new Map(spans().map((s) => [s.spanContext().spanId, s]));
    const parentName = (s: ReadableSpan) => byId.get(s.parentSpanContext?.spanId ?? '')?.name;
    for (const s of spans().filter((x) => x.name.startsWith('process '))) {
      expect(parentName(s)).toBe(s.name.replace('process ', 'publish '));
    }
    expect(parentName(spans().find((s) => s.name === `answer ${ask.subject}`)!)).toBe(`request ${ask.subject}`);
    if (mode.redisUrl) {
      expect(names).toEqual(expect.arrayContaining(['redis SET', 'redis MULTI', 'redis EXEC']));
      const set = spans().find((s) => s.name === 'redis SET')!;
      expect(set.attributes).toEqual({ 'db.system': 'redis', 'db.operation.name': 'SET' });
      expect(parentName(set)).toBe('request');
    } else {
      expect(names.filter((n) => n.startsWith('redis '))).toEqual([]);
    }
    // The query's text is there, never its parameters.
    expect(spans().find((s) => s.name === 'SELECT')!.attributes['db.query.text']).toBe('select 1 as one');
  });

  it('a log line written inside the request names its trace and span', () => {
    const line = logLines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'probe handled');
    expect(line).toMatchObject({ trace_id: TRACE, span_id: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });
});

it('names a statement span by its verb, past leading comments (a prepared send is an INSERT, not "/*")', () => {
  expect(statementVerb('/* prepared:chat.send */ insert into messages values ($1)')).toBe('INSERT');
  expect(statementVerb('-- why\n  select 1')).toBe('SELECT');
  expect(statementVerb('with a as (select 1) select * from a')).toBe('WITH');
});
