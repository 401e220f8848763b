import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { BaseConfig } from './config.ts';
import type { BaseContext } from './context.ts';
import type { RunningService, Service, ServiceOverrides } from './service.ts';
import { infraModes, testConfig, testInfra, uniqueName } from './testing-infra.ts';

/**
 * What every service's shell must do, as one suite each service runs on itself: it migrates and
 * reports healthy, answers unknown paths with the 404 envelope, and refuses a bad environment
 * naming every problem. `migrated` checks what its migrations left (seeds, markers).
 */
export function serviceShellSuite<C extends BaseConfig, Ctx extends BaseContext, O extends ServiceOverrides>(
  service: Service<C, Ctx, O>,
  options: { portVariable: string; migrated?: (ctx: Ctx) => Promise<void> },
): void {
  describe.each(infraModes())(`${service.name} service shell ($name)`, (mode) => {
    let infra: Awaited<ReturnType<typeof testInfra>>;
    let running: RunningService<Ctx>;
    beforeAll(async () => {
      infra = await testInfra(mode);
      running = await service.createService(
        testConfig(service.name, mode) as C,
        {
          bus: infra.bus,
          cache: infra.cache,
          inMemoryDb: !mode.databaseUrl,
          schema: uniqueName(service.name),
        } as O,
      );
    });
    afterAll(async () => {
      await running?.close();
      await infra?.close();
    });

    it('runs its migrations and reports healthy', async () => {
      const res = await running.app.inject({ method: 'GET', url: '/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        service: service.name,
        status: 'ok',
        checks: { db: 'ok', cache: 'ok', bus: 'ok' },
      });
      await options.migrated?.(running.ctx);
    });

    it('answers unknown paths with the 404 envelope', async () => {
      const res = await running.app.inject({ method: 'GET', url: '/nothing-here' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ data: null, status: 404, code: 'not_found' });
    });

    it('fails fast on invalid configuration with every problem named', () => {
      const port = options.portVariable;
      expect(() => service.loadConfig({ DATABASE_URL: 'mysql://x', [port]: 'abc' })).toThrow(
        new RegExp(`DATABASE_URL[\\s\\S]*${port}|${port}[\\s\\S]*DATABASE_URL`),
      );
    });
  });
}
