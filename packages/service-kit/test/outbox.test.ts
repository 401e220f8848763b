import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLogger } from '../src/logger.ts';
import { enqueueEvent, relayOutbox } from '../src/outbox.ts';
import { infraModes, testInfra, uniqueName } from '../src/testing.ts';
import { outboxSchemaForSuite } from './outbox-schema.ts';

describe.each(infraModes())('transactional outbox ($name)', (mode) => {
  let infra: Awaited<ReturnType<typeof testInfra>>;
  const def = {
    subject: uniqueName('kit.outbox.tested'),
    schema: Type.Object({ event_id: Type.String(), n: Type.Integer() }),
  };
  const log = createLogger('kit-test', 'silent');
  const now = () => new Date('2026-11-23T00:00:00Z');

  const suite = outboxSchemaForSuite(mode, 'outbox');
  beforeAll(async () => {
    infra = await testInfra(mode);
  }, 60_000);
  afterAll(() => infra?.close());

  it('publishes only what committed, once per event id, and nothing again on the next run', async () => {
    const seen: { event_id: string; n: number }[] = [];
    const sub = infra.bus.subscribe(def, async (p) => {
      seen.push(p);
    });
    await infra.bus.flush();

    await suite.h.db.transaction().execute(async (trx) => {
      await enqueueEvent(trx, def, 'e-1', { event_id: 'e-1', n: 1 }, now());
      await enqueueEvent(trx, def, 'e-1', { event_id: 'e-1', n: 1 }, now());
    });
    await expect(
      suite.h.db.transaction().execute(async (trx) => {
        await enqueueEvent(trx, def, 'e-rolled-back', { event_id: 'e-rolled-back', n: 9 }, now());
        throw new Error('the business write failed');
      }),
    ).rejects.toThrow('the business write failed');
    await suite.h.db.transaction().execute((trx) => enqueueEvent(trx, def, 'e-2', { event_id: 'e-2', n: 2 }, now()));

    // Nothing is published until the relay runs: a "crash" here loses nothing, the rows wait.
    expect(seen).toEqual([]);
    expect(await relayOutbox(suite.h.db, infra.bus, [def], log, now)).toBe(2);
    await expect.poll(() => seen.length).toBe(2);
    expect(seen).toEqual([
      { event_id: 'e-1', n: 1 },
      { event_id: 'e-2', n: 2 },
    ]);
    expect(await relayOutbox(suite.h.db, infra.bus, [def], log, now)).toBe(0);
    await infra.bus.flush();
    expect(seen).toHaveLength(2);
    sub.unsubscribe();
  });

  it('leaves rows of subjects the relay does not know for a later version', async () => {
    await suite.h.db
      .transaction()
      .execute((trx) => enqueueEvent(trx, { ...def, subject: 'kit.unknown' }, 'e-3', { event_id: 'e-3', n: 3 }, now()));
    expect(await relayOutbox(suite.h.db, infra.bus, [def], log, now)).toBe(0);
    const pending = await suite.h.db
      .selectFrom('outbox')
      .select('event_id')
      .where('published_at', 'is', null)
      .execute();
    expect(pending.map((r) => r.event_id)).toEqual(['e-3']);
  });
});
