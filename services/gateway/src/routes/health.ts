import { SERVICE_NAMES, type HealthStatus, type ServiceName } from '@honne/contracts';
import { ok } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { API_PREFIX } from '../routes-table.ts';

const SERVICE_TIMEOUT_MS = 2000;

export interface GatewayHealth extends HealthStatus {
  /** What each service answered on its own /health (null when it did not answer). */
  services: Record<ServiceName, HealthStatus | null>;
}

/** The gateway's own checks plus every service's /health, asked in parallel with a short timeout. */
export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(`${API_PREFIX}/health`, async (_request, reply) => {
    const health = await aggregateHealth(ctx);
    return reply
      .status(health.status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(ok(health));
  });
}

export async function aggregateHealth(ctx: AppContext): Promise<GatewayHealth> {
  const checks: HealthStatus['checks'] = {};
  const services = {} as GatewayHealth['services'];
  const own = async (name: string, fn: () => Promise<unknown>) => {
    try {
      await fn();
      checks[name] = 'ok';
    } catch (err) {
      checks[name] = err instanceof Error ? err.message : String(err);
    }
  };
  const upstream = async (service: ServiceName) => {
    services[service] = null;
    try {
      const res = await fetch(`${ctx.config.upstreams[service]}/health`, {
        signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS),
      });
      const body = (await res.json().catch(() => null)) as { data?: HealthStatus } | null;
      services[service] = body?.data ?? null;
      checks[service] = res.ok ? 'ok' : `HTTP ${res.status}`;
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      checks[service] = timedOut ? `no answer within ${SERVICE_TIMEOUT_MS} ms` : 'unreachable';
    }
  };
  await Promise.all([
    own('cache', () => ctx.cache.ping()),
    own('bus', () => ctx.bus.flush()),
    ...SERVICE_NAMES.map(upstream),
  ]);
  const status = Object.values(checks).every((c) => c === 'ok') ? 'ok' : 'degraded';
  return { service: 'gateway', status, checks, services };
}
