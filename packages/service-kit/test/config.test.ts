import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { Type } from '@sinclair/typebox';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { BaseEnv, ConfigError, baseConfig, parseEnv } from '../src/config.ts';
import { requireOrSkip } from '../src/testing.ts';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'honne-kit-'));

describe('parseEnv', () => {
  const Env = { ...BaseEnv, DEMO_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })) };

  it('converts values to their types and treats empty strings as unset', () => {
    const parsed = parseEnv('demo', Env, { DEMO_PORT: '8090', DATABASE_URL: '', LOG_LEVEL: 'debug' });
    expect(parsed).toEqual({ DEMO_PORT: 8090, LOG_LEVEL: 'debug' });
  });

  it('lists every problem at once, by variable', () => {
    let error: unknown;
    try {
      parseEnv('demo', Env, { DEMO_PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^demo: invalid environment/);
    for (const name of ['DEMO_PORT', 'DATABASE_URL', 'JWT_SECRET']) expect(message).toContain(name);
  });

  it("takes the service's own database over the shared one, and names it in errors", () => {
    const env = { DATABASE_URL: 'postgresql://shared/honne', DEMO_DATABASE_URL: 'postgresql://own/honne_demo' };
    expect(parseEnv('demo', Env, env).DATABASE_URL).toBe('postgresql://own/honne_demo');
    expect(parseEnv('other', Env, env).DATABASE_URL).toBe('postgresql://shared/honne');
    expect(() => parseEnv('demo', Env, { DEMO_DATABASE_URL: 'mysql://x' })).toThrow(/DEMO_DATABASE_URL/);
  });

  it('reads X from the file X_FILE names, trimmed, and refuses both set', () => {
    const dir = tempDir();
    const secret = path.join(dir, 'jwt_secret');
    writeFileSync(secret, `${'s'.repeat(40)}\n`);
    const db = path.join(dir, 'demo_db');
    writeFileSync(db, 'postgresql://demo:pw@db/honne_demo\n');
    const parsed = parseEnv('demo', Env, { JWT_SECRET_FILE: secret, DEMO_DATABASE_URL_FILE: db, DEMO_PORT_FILE: '' });
    expect(parsed).toEqual({ JWT_SECRET: 's'.repeat(40), DATABASE_URL: 'postgresql://demo:pw@db/honne_demo' });

    let error: unknown;
    try {
      parseEnv('demo', Env, {
        JWT_SECRET: 'x'.repeat(40),
        JWT_SECRET_FILE: secret,
        INTERNAL_TOKEN_FILE: path.join(dir, 'missing'),
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/JWT_SECRET: set both JWT_SECRET and JWT_SECRET_FILE/);
    expect((error as Error).message).toMatch(/INTERNAL_TOKEN_FILE: cannot read .*missing \(ENOENT\)/);
    // A file's content is validated like the variable's: a short secret is still refused.
    writeFileSync(secret, 'short');
    expect(() => parseEnv('demo', Env, { JWT_SECRET_FILE: secret })).toThrow(/JWT_SECRET/);
  });

  it('ignores variables the service does not read', () => {
    expect(parseEnv('demo', Env, { UNRELATED: 'x' })).toEqual({});
  });
});

describe('baseConfig', () => {
  it('refuses to start in production without JWT_SECRET and INTERNAL_TOKEN', () => {
    expect(() => baseConfig('demo', { NODE_ENV: 'production', DATA_DIR: tempDir() }, 1)).toThrow(ConfigError);
  });

  it('outside production, generates secrets once under DATA_DIR and reuses them', () => {
    const dataDir = tempDir();
    const first = baseConfig('demo', { DATA_DIR: dataDir }, 1);
    const second = baseConfig('other', { DATA_DIR: dataDir }, 2);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.internalToken).toBe(first.internalToken);
    expect(JSON.parse(readFileSync(path.join(dataDir, 'local-secrets.json'), 'utf8'))).toEqual({
      jwtSecret: first.jwtSecret,
      internalToken: first.internalToken,
    });
  });

  it('writes nothing when the secrets are given', () => {
    const dataDir = path.join(tempDir(), 'unused');
    const config = baseConfig(
      'demo',
      { DATA_DIR: dataDir, JWT_SECRET: 's'.repeat(32), INTERNAL_TOKEN: 't'.repeat(16) },
      1,
    );
    expect(config).toMatchObject({ host: '127.0.0.1', port: 1, env: 'development', dataDir });
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe('requireOrSkip', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('passes what is present', () => {
    expect(requireOrSkip('PostgreSQL', true)).toBe(true);
  });

  it('skips loudly outside CI', () => {
    vi.stubEnv('CI', '');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(requireOrSkip('PostgreSQL', false)).toBe(false);
    expect(warn.mock.calls[0]?.[0]).toContain('PostgreSQL is not configured');
  });

  it('fails with CI=true instead of skipping', () => {
    vi.stubEnv('CI', 'true');
    expect(() => requireOrSkip('PostgreSQL', false)).toThrow(/not allowed with CI=true/);
  });
});
