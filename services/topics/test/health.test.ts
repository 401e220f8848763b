import { infraModes, testConfig, testInfra, uniqueName } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadConfig } from '../src/config.ts';
import { createService, type RunningService } from '../src/server.ts';

describe.each(infraModes())('topics service shell ($name)', (mode) => {
  let infra: Awaited<ReturnType<typeof testInfra>>;
  let service: RunningService;
  beforeAll(async () => {
    infra = await testInfra(mode);
    service = await createService(testConfig('topics', mode), {
      bus: infra.bus,
      cache: infra.cache,
      inMemoryDb: !mode.databaseUrl,
      schema: uniqueName('topics'),
    });
  });
  afterAll(async () => {
    await service?.close();
    await infra?.close();
  });

  it('runs its migrations and reports healthy', async () => {
    const res = await service.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ service: 'topics', status: 'ok', checks: { db: 'ok', cache: 'ok', bus: 'ok' } });
    const migrated = await service.ctx.db.selectFrom('service_meta').selectAll().execute();
    expect(migrated.map((m) => m.key)).toEqual(['reference_seed']);
  });

  it('answers unknown paths with the 404 envelope', async () => {
    const res = await service.app.inject({ method: 'GET', url: '/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ data: null, status: 404, code: 'not_found' });
  });

  it('fails fast on invalid configuration with every problem named', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', TOPICS_PORT: 'abc' })).toThrow(
      /DATABASE_URL[\s\S]*TOPICS_PORT|TOPICS_PORT[\s\S]*DATABASE_URL/,
    );
  });
});
