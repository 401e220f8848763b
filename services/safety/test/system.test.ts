import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import type { SystemHealth } from '@honne/contracts/safety';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ADMIN, eventually, startHarness } from './harness.ts';

// The console's system page (issue 29) against a real Prometheus running the stack's own SLO rules
// (infra/prometheus/slo-rules.yml): one scraped instance that is up and reports deliveries and a
// balanced ledger, one that is down.

const PROMETHEUS = process.env.PROMETHEUS_BIN ?? '/usr/bin/prometheus';
const RULES = resolve(import.meta.dirname, '../../../infra/prometheus/slo-rules.yml');

async function listen(server: Server): Promise<number> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
}

/** A chat-like instance whose deliveries keep coming (20 ms each), so the p99 has a rate to read. */
function fakeInstance(): Server {
  let delivered = 0;
  return createServer((_req, res) => {
    delivered += 50;
    const bucket = (le: string, n: number) =>
      `honne_realtime_delivery_seconds_bucket{type="message.created",le="${le}"} ${n}\n`;
    res.setHeader('content-type', 'text/plain; version=0.0.4');
    res.end(
      bucket('0.01', 0) +
        bucket('0.025', delivered) +
        bucket('+Inf', delivered) +
        `honne_realtime_delivery_seconds_sum{type="message.created"} ${delivered * 0.02}\n` +
        `honne_realtime_delivery_seconds_count{type="message.created"} ${delivered}\n` +
        'honne_ledger_books_balanced 1\n',
    );
  });
}

let dir: string;
let instance: Server;
let closed: Server;
let prometheus: ChildProcess;
let prometheusUrl: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'honne-prom-'));
  instance = fakeInstance();
  const up = await listen(instance);
  // A port that was just ours and is closed now: an instance that is down.
  closed = createServer();
  const down = await listen(closed);
  await new Promise((done) => closed.close(done));
  const port = await listen((closed = createServer()));
  await new Promise((done) => closed.close(done));
  await writeFile(
    join(dir, 'prometheus.yml'),
    [
      'global: { scrape_interval: 1s, evaluation_interval: 1s }',
      `rule_files: ['${RULES}']`,
      'scrape_configs:',
      `  - { job_name: chat, static_configs: [{ targets: ['127.0.0.1:${up}'] }] }`,
      `  - { job_name: calls, static_configs: [{ targets: ['127.0.0.1:${down}'] }] }`,
    ].join('\n'),
  );
  prometheus = spawn(
    PROMETHEUS,
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: 'ignore' },
  );
  prometheusUrl = `http://127.0.0.1:${port}`;
  await eventually(async () => {
    const res = await fetch(`${prometheusUrl}/-/ready`);
    if (res.status !== 200) throw new Error(`Prometheus not ready: ${res.status}`);
  }, 20_000);
}, 30_000);

afterAll(async () => {
  prometheus?.kill();
  instance?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.each(infraModes())("the console's system page reads Prometheus ($name)", (mode) => {
  it('shows the SLOs against their objectives, the pending alerts and each instance up or down', async () => {
    const h = await startHarness(mode, { prometheusUrl });
    try {
      const token = await h.signIn(ADMIN);
      const read = async () => {
        const res = await h.console('GET', '/admin/safety/system', token);
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data as SystemHealth;
      };
      // Rates need two scrapes and the rules an evaluation after them.
      await expect
        .poll(async () => (await read()).slos.find((s) => s.id === 'message-delivery')?.ok, { timeout: 20_000 })
        .toBe(true);
      const health = await read();
      expect(health).toMatchObject({ source: 'prometheus', error: null });
      const delivery = health.slos.find((s) => s.id === 'message-delivery')!;
      expect(delivery.value).toBeGreaterThan(0.01);
      expect(delivery.value).toBeLessThanOrEqual(0.025);
      expect(health.slos.find((s) => s.id === 'ledger')).toMatchObject({ value: 1, ok: true, unit: 'boolean' });
      // No call has been set up: no figure, and no verdict either way.
      expect(health.slos.find((s) => s.id === 'call-setup')).toMatchObject({ value: null, ok: null });
      expect(health.instances).toEqual([
        expect.objectContaining({ job: 'calls', up: false, error: expect.any(String) }),
        expect.objectContaining({ job: 'chat', up: true, error: null, last_scrape: expect.any(String) }),
      ]);
      // The down instance's alert waits out its `for` (2 minutes) as pending.
      await expect
        .poll(async () => (await read()).alerts.map((a) => `${a.name}:${a.state}`), { timeout: 20_000 })
        .toContain('InstanceDown:pending');
      expect((await read()).alerts.find((a) => a.name === 'InstanceDown')?.summary).toContain('calls');
    } finally {
      await h.close();
    }
  });

  it('says when Prometheus is not configured, and when it cannot be read', async () => {
    const none = await startHarness(mode);
    try {
      const res = await none.console('GET', '/admin/safety/system', await none.signIn(ADMIN));
      expect(res.json().data).toMatchObject({ source: 'none', error: null, slos: [], instances: [] });
    } finally {
      await none.close();
    }
    const gone = await startHarness(mode, { prometheusUrl: 'http://127.0.0.1:9' });
    try {
      const res = await gone.console('GET', '/admin/safety/system', await gone.signIn(ADMIN));
      expect(res.statusCode).toBe(200);
      const data = res.json().data as SystemHealth;
      expect(data.source).toBe('prometheus');
      expect(data.error).toEqual(expect.any(String));
      expect(data.instances).toEqual([]);
    } finally {
      await gone.close();
    }
  });
});
