import { describe, expect, it } from 'vitest';

import { DEFAULT_STATIC_DIR, loadConfig } from '../src/config.ts';

const secrets = { JWT_SECRET: 'x'.repeat(32), INTERNAL_TOKEN: 'y'.repeat(16) };

describe('gateway config', () => {
  it('has defaults for a single machine', () => {
    const config = loadConfig({ ...secrets });
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.upstreams).toEqual({
      accounts: 'http://127.0.0.1:8081',
      topics: 'http://127.0.0.1:8082',
      chat: 'http://127.0.0.1:8083',
      calls: 'http://127.0.0.1:8084',
      points: 'http://127.0.0.1:8085',
      safety: 'http://127.0.0.1:8086',
    });
    expect(config.staticDir).toBe(DEFAULT_STATIC_DIR);
    expect(DEFAULT_STATIC_DIR).toMatch(/frontends$/);
    expect(config.rateLimitMax).toBe(600);
    expect(config.rateLimitAuthMax).toBe(20);
  });

  it('reads every variable and fails fast on bad ones', () => {
    const config = loadConfig({
      ...secrets,
      PORT: '9000',
      HOST: '127.0.0.1',
      POINTS_URL: 'http://points:8085/',
      STATIC_DIR: '/srv/fe',
      RATE_LIMIT_MAX: '100',
      RATE_LIMIT_AUTH_MAX: '5',
      REALTIME_HEARTBEAT_MS: '1000',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      staticDir: '/srv/fe',
      rateLimitMax: 100,
      rateLimitAuthMax: 5,
      heartbeatMs: 1000,
    });
    expect(config.upstreams.points).toBe('http://points:8085');
    expect(() => loadConfig({ ...secrets, ACCOUNTS_URL: 'accounts:8081', RATE_LIMIT_MAX: '0' })).toThrow(
      /ACCOUNTS_URL[\s\S]*RATE_LIMIT_MAX/,
    );
  });
});
