import { randomUUID } from 'node:crypto';

import { events } from '@honne/contracts/events';
import { afterAll, describe, expect, it } from 'vitest';

import { createServiceApp } from '../src/app.ts';
import { InProcessBus } from '../src/bus.ts';
import { MemoryCache } from '../src/cache.ts';
import { systemClock } from '../src/clock.ts';
import { createLogger } from '../src/logger.ts';
import { instrumentBus, metricsText } from '../src/metrics.ts';
import { testConfig } from '../src/testing.ts';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** The series of one metric whose labels include `label`, as Prometheus's text lists them. */
const series = (text: string, metric: string, label: string) =>
  text.split('\n').filter((line) => line.startsWith(`${metric}{`) && line.includes(label));

/** Every series in the registry (one line a series, comments aside). */
const seriesCount = (text: string) => text.split('\n').filter((line) => line && !line.startsWith('#')).length;

describe('metrics (issue 29)', () => {
  const log = createLogger('metrics-test', 'silent');
  const bus = new InProcessBus(log);
  const ctx = {
    config: testConfig('metrics-probe', { name: 'embedded' }),
    log,
    bus,
    cache: new MemoryCache(),
    clock: systemClock,
    objects: undefined,
  };
  const app = createServiceApp(ctx);
  app.get('/rooms/:id', async () => ({ ok: true }));
  afterAll(() => app.close());

  it('counts each route by its template, never by the ids in its path, and serves GET /metrics', async () => {
    const before = seriesCount(await metricsText());
    for (let i = 0; i < 200; i++) await app.inject({ url: `/rooms/${randomUUID()}` });
    await app.inject({ url: `/no/such/${randomUUID()}` });
    const res = await app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(series(text, 'honne_http_requests_total', 'service="metrics-probe"')).toContain(
      'honne_http_requests_total{service="metrics-probe",method="GET",route="/rooms/:id",status="200"} 200',
    );
    expect(series(text, 'honne_http_requests_total', 'route="unmatched"').length).toBe(1);
    expect(text).not.toMatch(UUID);
    // 200 distinct paths added a handful of series (one route, its histogram buckets), not 200.
    expect(seriesCount(text) - before).toBeLessThan(40);
    expect(seriesCount(text)).toBeLessThan(5_000);
  });

  it('counts what a service publishes and handles on the bus, by subject, with failures apart', async () => {
    const view = instrumentBus(bus, 'metrics-probe');
    let handled = 0;
    const sub = view.subscribe(events.userDeleted, (e) => {
      handled++;
      if (e.user_id === 'fails') throw new Error('handler failed');
    });
    await view.publish(events.userDeleted, { user_id: 'u1', deleted_at: new Date().toISOString() });
    await view.publish(events.userDeleted, { user_id: 'fails', deleted_at: new Date().toISOString() });
    await view.flush();
    sub.unsubscribe();
    expect(handled).toBe(2);
    const text = await metricsText();
    const subject = `subject="${events.userDeleted.subject}"`;
    expect(series(text, 'honne_bus_published_total', subject)).toContain(
      `honne_bus_published_total{service="metrics-probe",${subject},kind="event",outcome="ok"} 2`,
    );
    expect(series(text, 'honne_bus_handled_total', subject)).toEqual(
      expect.arrayContaining([
        `honne_bus_handled_total{service="metrics-probe",${subject},kind="event",outcome="ok"} 1`,
        `honne_bus_handled_total{service="metrics-probe",${subject},kind="event",outcome="error"} 1`,
      ]),
    );
  });
});
