import { fileURLToPath } from 'node:url';

import type { ServiceName } from '@honne/contracts';
import { BaseEnv, baseConfig, ConfigError, parseEnv, type BaseConfig } from '@honne/service-kit';
import { Type } from '@sinclair/typebox';

import { GATEWAY_LIMIT_DEFAULTS, trustedProxies, type GatewayLimits } from './limits.ts';

export interface GatewayConfig extends BaseConfig {
  /** Base URL of each service the gateway proxies /api/v1 to. */
  upstreams: Record<ServiceName, string>;
  /** Where `GET /metrics` answers (METRICS_PORT); undefined: nowhere. */
  metricsPort?: number | undefined;
  /** Holds `<frontend>/dist` for the shell and each remote. */
  staticDir: string;
  /** Requests per IP per minute on the API as a whole. */
  rateLimitMax: number;
  /** Requests per IP per minute on `rateLimit: 'auth'` endpoints (login, sign-up, verify, resend, reset). */
  rateLimitAuthMax: number;
  /** Each real-time socket is pinged this often and dropped when it did not answer the previous ping. */
  heartbeatMs: number;
  /**
   * Proxies in front (addresses, CIDRs, or proxy-addr's `loopback`, `linklocal`, `uniquelocal`)
   * whose `X-Forwarded-For` names the client; empty or left out: the TCP peer is the client.
   */
  trustedProxies?: string[];
  /** Timeouts and caps per client; defaults for any left out. */
  limits?: Partial<GatewayLimits>;
}

const Url = Type.String({ pattern: '^https?://' });
const PerMinute = Type.Integer({ minimum: 1 });

export const GatewayEnv = {
  ...BaseEnv,
  PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
  ACCOUNTS_URL: Type.Optional(Url),
  TOPICS_URL: Type.Optional(Url),
  CHAT_URL: Type.Optional(Url),
  CALLS_URL: Type.Optional(Url),
  POINTS_URL: Type.Optional(Url),
  SAFETY_URL: Type.Optional(Url),
  STATIC_DIR: Type.Optional(Type.String()),
  RATE_LIMIT_MAX: Type.Optional(PerMinute),
  RATE_LIMIT_AUTH_MAX: Type.Optional(PerMinute),
  REALTIME_HEARTBEAT_MS: Type.Optional(Type.Integer({ minimum: 100 })),
  GATEWAY_HEADERS_TIMEOUT_MS: Type.Optional(Type.Integer({ minimum: 100 })),
  GATEWAY_BODY_TIMEOUT_MS: Type.Optional(Type.Integer({ minimum: 100 })),
  GATEWAY_IDLE_TIMEOUT_MS: Type.Optional(Type.Integer({ minimum: 100 })),
  GATEWAY_MAX_CONNECTIONS_PER_CLIENT: Type.Optional(Type.Integer({ minimum: 0 })),
  REALTIME_MAX_SOCKETS_PER_USER: Type.Optional(Type.Integer({ minimum: 1 })),
  SHUTDOWN_GRACE_MS: Type.Optional(Type.Integer({ minimum: 0 })),
  GATEWAY_TRUSTED_PROXIES: Type.Optional(Type.String()),
  /** `GET /metrics` on this port (every interface of the container; never the public PORT). Unset: none. */
  METRICS_PORT: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
};

/** The repository's `frontends/` folder, found from this file so the cwd does not matter. */
export const DEFAULT_STATIC_DIR = fileURLToPath(new URL('../../../frontends', import.meta.url));

export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const parsed = parseEnv('gateway', GatewayEnv, env);
  return {
    ...baseConfig('gateway', parsed, parsed.PORT ?? 8080),
    // The one public entry listens on every interface; the services behind it stay on loopback.
    host: parsed.HOST ?? '0.0.0.0',
    upstreams: {
      accounts: stripSlash(parsed.ACCOUNTS_URL ?? 'http://127.0.0.1:8081'),
      topics: stripSlash(parsed.TOPICS_URL ?? 'http://127.0.0.1:8082'),
      chat: stripSlash(parsed.CHAT_URL ?? 'http://127.0.0.1:8083'),
      calls: stripSlash(parsed.CALLS_URL ?? 'http://127.0.0.1:8084'),
      points: stripSlash(parsed.POINTS_URL ?? 'http://127.0.0.1:8085'),
      safety: stripSlash(parsed.SAFETY_URL ?? 'http://127.0.0.1:8086'),
    },
    staticDir: parsed.STATIC_DIR ?? DEFAULT_STATIC_DIR,
    rateLimitMax: parsed.RATE_LIMIT_MAX ?? 600,
    rateLimitAuthMax: parsed.RATE_LIMIT_AUTH_MAX ?? 20,
    heartbeatMs: parsed.REALTIME_HEARTBEAT_MS ?? 30_000,
    trustedProxies: parseTrustedProxies(parsed.GATEWAY_TRUSTED_PROXIES ?? ''),
    metricsPort: parsed.METRICS_PORT,
    limits: {
      headersTimeoutMs: parsed.GATEWAY_HEADERS_TIMEOUT_MS ?? GATEWAY_LIMIT_DEFAULTS.headersTimeoutMs,
      bodyTimeoutMs: parsed.GATEWAY_BODY_TIMEOUT_MS ?? GATEWAY_LIMIT_DEFAULTS.bodyTimeoutMs,
      idleTimeoutMs: parsed.GATEWAY_IDLE_TIMEOUT_MS ?? GATEWAY_LIMIT_DEFAULTS.idleTimeoutMs,
      maxConnectionsPerClient:
        parsed.GATEWAY_MAX_CONNECTIONS_PER_CLIENT ?? GATEWAY_LIMIT_DEFAULTS.maxConnectionsPerClient,
      maxSocketsPerUser: parsed.REALTIME_MAX_SOCKETS_PER_USER ?? GATEWAY_LIMIT_DEFAULTS.maxSocketsPerUser,
      shutdownGraceMs: parsed.SHUTDOWN_GRACE_MS ?? GATEWAY_LIMIT_DEFAULTS.shutdownGraceMs,
    },
  };
}

/** A comma-separated list, each entry checked by proxy-addr itself so a typo stops the start. */
function parseTrustedProxies(value: string): string[] {
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((entry) => {
    try {
      trustedProxies([entry]);
      return false;
    } catch {
      return true;
    }
  });
  if (bad.length > 0)
    throw new ConfigError(
      `gateway: invalid environment\n  GATEWAY_TRUSTED_PROXIES: not an address, CIDR or named range: ${bad.join(', ')}`,
    );
  return list;
}

const stripSlash = (url: string) => url.replace(/\/+$/, '');

/** The limits in force: the config's, defaults for the rest. */
export const limitsOf = (config: GatewayConfig): GatewayLimits => ({ ...GATEWAY_LIMIT_DEFAULTS, ...config.limits });
