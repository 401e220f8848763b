import { randomUUID } from 'node:crypto';

import { events } from '@honne/contracts/events';
import { JSONCodec, connect as natsConnect, headers as natsHeaders } from 'nats';
import { afterEach, describe, expect, it } from 'vitest';

import { InProcessBus, NatsBus, type Bus, type Subscription } from '../src/bus.ts';
import { dropSchema, openDatabase } from '../src/db.ts';
import { durableStreams, EVENT_ID_HEADER } from '../src/durable.ts';
import { createLogger } from '../src/logger.ts';
import { createProcessedEventsTable, processedEvents } from '../src/processed.ts';
import { eventually, infraModes, uniqueName } from '../src/testing.ts';

const log = createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent');
const deletion = (user_id: string) => ({ user_id, deleted_at: new Date().toISOString() });

/** What one consuming service saw of the users this test deleted. */
function recorder(ours: Set<string>) {
  const seen: string[] = [];
  return {
    seen,
    handle: (e: { user_id: string }) => {
      if (ours.has(e.user_id)) seen.push(e.user_id);
    },
  };
}

describe('durable subjects', () => {
  it('are the facts other services keep copies of, in one stream per producer', () => {
    const streams = durableStreams();
    expect(streams.get('EVENTS_ACCOUNTS')).toEqual(
      // ADR 0037: a name or profile text the filter flagged, for the moderation queue.
      expect.arrayContaining([
        'accounts.block.changed',
        'accounts.user.deleted',
        'accounts.friend.changed',
        'accounts.text.flagged',
      ]),
    );
    // Issue 27: a report is a fact the moderation service keeps (with its evidence).
    expect(streams.get('EVENTS_TOPICS')).toEqual([
      'topics.topic.deleted',
      'topics.topic.expired',
      'topics.voice.reported',
      // ADR 0037: a voice the filter held or flagged, for the moderation queue.
      'topics.voice.filtered',
      'topics.text.flagged',
    ]);
    // Issue 27: what moderation decides, and the in-call report's block-and-hang-up.
    expect(streams.get('EVENTS_SAFETY')).toEqual(
      // ADR 0028: a moderator's decision on a message the filter held; ADR 0026: the in-call report and deleted messages.
      expect.arrayContaining([
        'safety.person.restricted',
        'safety.voice.moderated',
        'safety.message.decided',
        'safety.voice.decided',
        'safety.call.reported',
        'safety.messages.deleted',
        // ADR 0031: a person's age-assurance state.
        'safety.person.age_state',
        'safety.age_policy.changed',
      ]),
    );
    // Issue 25: a block made inside a room (calls ends its live call); issue 26: the first reply.
    expect(streams.get('EVENTS_CHAT')).toEqual(
      // ADR 0028: a message the filter held or flagged, for the moderation queue.
      expect.arrayContaining([
        'chat.room.opened',
        'chat.room.replied',
        'chat.room.block_changed',
        'chat.message.filtered',
      ]),
    );
    // Issue 26: what a user sees of a call's end and of their balance.
    expect(streams.get('EVENTS_CALLS')).toEqual(['calls.call.ended']);
    expect(streams.get('EVENTS_POINTS')).toEqual(
      expect.arrayContaining(['points.balance.changed', 'points.gift.sent', 'points.grant.recorded']),
    );
    // The hot paths stay on core NATS.
    expect([...streams.values()].flat()).not.toContain(events.realtimeDelivered.subject);
  });

  it('on the in-process bus (one process: nothing can be down) arrive as they happen', async () => {
    const bus = new InProcessBus(log);
    const id = randomUUID();
    const r = recorder(new Set([id]));
    bus.subscribe(events.userDeleted, r.handle, { queue: 'chat' });
    await bus.publish(events.userDeleted, deletion(id));
    await bus.flush();
    expect(r.seen).toEqual([id]);
  });
});

describe.each(infraModes().filter((m) => m.natsUrl))('durable events on JetStream ($name)', (mode) => {
  const open: Bus[] = [];
  const subs: Subscription[] = [];
  const connect = async () => {
    const bus = await NatsBus.connect(mode.natsUrl!, 'test', log);
    open.push(bus);
    return bus;
  };
  afterEach(async () => {
    for (const s of subs.splice(0)) s.unsubscribe();
    for (const b of open.splice(0)) await b.close();
  });

  it('reach a service that was down when it starts again, each once and in order', async () => {
    const producer = await connect();
    const queue = uniqueName('svc');
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const ours = new Set<string>(ids);

    // The service runs once (its consumer is made), then stops.
    const first = recorder(ours);
    const running = await connect();
    const sub = running.subscribe(events.userDeleted, first.handle, { queue });
    const probe = randomUUID();
    ours.add(probe);
    await eventually(async () => {
      await producer.publish(events.userDeleted, deletion(probe));
      expect(first.seen).toContain(probe);
    });
    sub.unsubscribe();
    await running.close();
    open.splice(open.indexOf(running), 1);

    // While it is down, the facts happen.
    for (const id of ids) await producer.publish(events.userDeleted, deletion(id));

    // It starts again and catches up (the probe may come again: it was published until seen).
    const after = recorder(new Set(ids));
    const restarted = await connect();
    subs.push(restarted.subscribe(events.userDeleted, after.handle, { queue }));
    await eventually(() => expect(after.seen).toEqual(ids));
  });

  it('start a new service at its first start, not at the beginning of the stream', async () => {
    const producer = await connect();
    const before = randomUUID();
    await producer.publish(events.userDeleted, deletion(before));
    const after = randomUUID();
    const r = recorder(new Set([before, after]));
    const consumer = await connect();
    subs.push(consumer.subscribe(events.userDeleted, r.handle, { queue: uniqueName('svc') }));
    await eventually(async () => {
      await producer.publish(events.userDeleted, deletion(after));
      expect(r.seen).toContain(after);
    });
    expect(r.seen).not.toContain(before);
  });

  it('store an event published twice with one id once (a relay that retries)', async () => {
    const producer = await connect();
    const consumer = await connect();
    const queue = uniqueName('svc');
    const [twice, next] = [randomUUID(), randomUUID()];
    const r = recorder(new Set([twice, next]));
    subs.push(consumer.subscribe(events.userDeleted, r.handle, { queue }));
    // Wait until the consumer reads, so both copies are published after it started.
    const warm = randomUUID();
    const w = recorder(new Set([warm]));
    subs.push(consumer.subscribe(events.userDeleted, w.handle, { queue: `${queue}_warm` }));
    await eventually(async () => {
      await producer.publish(events.userDeleted, deletion(warm));
      expect(w.seen).toContain(warm);
    });
    const payload = deletion(twice);
    await producer.publish(events.userDeleted, payload, { id: `del-${twice}` });
    await producer.publish(events.userDeleted, payload, { id: `del-${twice}` });
    await producer.publish(events.userDeleted, deletion(next));
    await eventually(() => expect(r.seen).toContain(next));
    expect(r.seen.filter((id) => id === twice)).toHaveLength(1);
  });

  it('skip an event their consumer already handled, by event id, even stored again past the duplicate window', async () => {
    const database = await openDatabase({
      databaseUrl: mode.databaseUrl,
      dataDir: '',
      schema: uniqueName('processed'),
      inMemory: true,
    });
    try {
      await createProcessedEventsTable(database.db);
      const producer = await connect();
      const consumer = await connect();
      const [deduped, plain] = [uniqueName('svc'), uniqueName('svc')];
      const [warm, twice, next] = [randomUUID(), randomUUID(), randomUUID()];
      const d = recorder(new Set([warm, twice, next]));
      const p = recorder(new Set([warm, twice, next]));
      subs.push(
        consumer.subscribe(events.userDeleted, d.handle, { queue: deduped, processed: processedEvents(database.db) }),
      );
      // The same consumer without the table: it would handle the copy again (the control).
      subs.push(consumer.subscribe(events.userDeleted, p.handle, { queue: plain }));
      // Both durable consumers exist and read before the test's events go out. Each group has one
      // member only: a second member would share the group's events (a queue) and hide some.
      await eventually(async () => {
        await producer.publish(events.userDeleted, deletion(warm));
        expect(d.seen).toContain(warm);
        expect(p.seen).toContain(warm);
      });

      const payload = deletion(twice);
      await producer.publish(events.userDeleted, payload, { id: `del-${twice}` });
      // A relay that republishes after the 2-minute window: a new message id, the same event id.
      const nc = await natsConnect({ servers: mode.natsUrl! });
      try {
        const h = natsHeaders();
        h.set(EVENT_ID_HEADER, `del-${twice}`);
        await nc.jetstream().publish(events.userDeleted.subject, JSONCodec().encode(payload), {
          msgID: `del-${twice}-after-the-window`,
          headers: h,
        });
      } finally {
        await nc.close();
      }
      await producer.publish(events.userDeleted, deletion(next), { id: `del-${next}` });
      await eventually(() => expect(d.seen).toContain(next));
      await eventually(() => expect(p.seen).toContain(next));
      expect(d.seen.filter((id) => id === twice)).toHaveLength(1);
      expect(p.seen.filter((id) => id === twice)).toHaveLength(2);
      expect(await processedEvents(database.db).seen(`${deduped}_accounts_user_deleted`, `del-${twice}`)).toBe(true);
    } finally {
      await dropSchema(database);
      await database.close();
    }
  }, 30_000);

  it('give each event to one instance of a service, and retry one whose handler failed', async () => {
    const producer = await connect();
    const queue = uniqueName('svc');
    const ids = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const ours = new Set<string>(ids);
    const seen: string[] = [];
    let failOnce = true;
    const handle = (e: { user_id: string }) => {
      if (!ours.has(e.user_id)) return;
      if (e.user_id === ids[1] && failOnce) {
        failOnce = false;
        throw new Error('the database blinked');
      }
      seen.push(e.user_id);
    };
    const [a, b] = [await connect(), await connect()];
    subs.push(a.subscribe(events.userDeleted, handle, { queue }), b.subscribe(events.userDeleted, handle, { queue }));
    // Both instances attach to the one consumer; the first event may race their start, so repeat it.
    await eventually(async () => {
      await producer.publish(events.userDeleted, deletion(ids[0]!), { id: `once-${ids[0]}` });
      expect(seen).toContain(ids[0]);
    });
    for (const id of ids.slice(1)) await producer.publish(events.userDeleted, deletion(id));
    await eventually(() => expect([...seen].sort()).toEqual([...ids].sort()), 10_000);
    expect(failOnce).toBe(false);
    expect(seen).toHaveLength(ids.length);
  });

  it('still reach plain subscribers (no queue group) as they happen', async () => {
    const producer = await connect();
    const listener = await connect();
    const id = randomUUID();
    const r = recorder(new Set([id]));
    subs.push(listener.subscribe(events.userDeleted, r.handle));
    await listener.flush();
    await producer.publish(events.userDeleted, deletion(id));
    await eventually(() => expect(r.seen).toEqual([id]));
  });
});
