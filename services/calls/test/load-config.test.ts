import { ConfigError } from '@honne/service-kit';
import { describe, expect, it } from 'vitest';

import { loadConfig } from '../src/config.ts';

// Secrets given so loadConfig writes nothing under DATA_DIR.
const base = { NODE_ENV: 'test', JWT_SECRET: 's'.repeat(32), INTERNAL_TOKEN: 't'.repeat(16) } as const;
const livekit = { LIVEKIT_URL: 'ws://127.0.0.1:7880', LIVEKIT_API_KEY: 'key', LIVEKIT_API_SECRET: 'x'.repeat(32) };

describe('calls config from env', () => {
  it('defaults to port 8084, peer-to-peer, no ICE servers', () => {
    const config = loadConfig({ ...base });
    expect(config.port).toBe(8084);
    expect(config.iceServers).toEqual([]);
    expect(config.livekit).toBeUndefined();
  });

  it('reads STUN and TURN servers from their lists', () => {
    const config = loadConfig({
      ...base,
      STUN_URLS: 'stun:127.0.0.1:3478',
      TURN_URLS: 'turn:127.0.0.1:3478?transport=udp, turn:127.0.0.1:3478?transport=tcp',
      TURN_USERNAME: 'honne',
      TURN_CREDENTIAL: 'pw',
    });
    expect(config.iceServers).toEqual([
      { urls: ['stun:127.0.0.1:3478'] },
      {
        urls: ['turn:127.0.0.1:3478?transport=udp', 'turn:127.0.0.1:3478?transport=tcp'],
        username: 'honne',
        credential: 'pw',
      },
    ]);
  });

  it('with TURN_SECRET, TURN_URLS need no static credentials; without a turn: URL the secret is refused', () => {
    const config = loadConfig({ ...base, TURN_URLS: 'turn:127.0.0.1:3478', TURN_SECRET: 'z'.repeat(24) });
    expect(config.iceServers).toEqual([{ urls: ['turn:127.0.0.1:3478'] }]);
    expect(config.turnSecret).toBe('z'.repeat(24));
    expect(config.turnTtlSeconds).toBe(3600);
    expect(() => loadConfig({ ...base, STUN_URLS: 'stun:127.0.0.1:3478', TURN_SECRET: 'z'.repeat(24) })).toThrow(
      /TURN_SECRET is set but no turn: URL/,
    );
  });

  it('reads ICE_SERVERS as JSON', () => {
    const servers = [{ urls: 'turns:turn.example.test:5349', username: 'u', credential: 'c' }];
    expect(loadConfig({ ...base, ICE_SERVERS: JSON.stringify(servers) }).iceServers).toEqual(servers);
  });

  it.each([
    ['ICE_SERVERS that is not JSON', { ICE_SERVERS: '[{' }],
    ['ICE_SERVERS of the wrong shape', { ICE_SERVERS: '[{"url":"stun:x"}]' }],
    ['ICE_SERVERS with STUN_URLS', { ICE_SERVERS: '[]', STUN_URLS: 'stun:127.0.0.1:3478' }],
    ['a STUN URL that is not stun:', { STUN_URLS: 'http://127.0.0.1' }],
    ['TURN_URLS without credentials', { TURN_URLS: 'turn:127.0.0.1:3478' }],
    ['TURN credentials without TURN_URLS', { TURN_USERNAME: 'u', TURN_CREDENTIAL: 'c' }],
  ])('fails fast on %s', (_what, env) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
  });

  it('turns LiveKit on when all three variables are set', () => {
    expect(loadConfig({ ...base, ...livekit }).livekit).toEqual({
      url: 'ws://127.0.0.1:7880',
      publicUrl: 'ws://127.0.0.1:7880',
      apiKey: 'key',
      apiSecret: 'x'.repeat(32),
    });
    expect(loadConfig({ ...base, ...livekit, LIVEKIT_URL: 'https://lk.example.test' }).livekit?.publicUrl).toBe(
      'wss://lk.example.test',
    );
    expect(loadConfig({ ...base, ...livekit, LIVEKIT_PUBLIC_URL: 'wss://rtc.example.test' }).livekit?.publicUrl).toBe(
      'wss://rtc.example.test',
    );
  });

  it.each([
    ['only LIVEKIT_URL', { LIVEKIT_URL: livekit.LIVEKIT_URL }],
    ['no secret', { LIVEKIT_URL: livekit.LIVEKIT_URL, LIVEKIT_API_KEY: 'key' }],
    ['no URL', { LIVEKIT_API_KEY: 'key', LIVEKIT_API_SECRET: livekit.LIVEKIT_API_SECRET }],
    ['a public URL alone', { LIVEKIT_PUBLIC_URL: 'wss://rtc.example.test' }],
  ])('fails fast when LiveKit is partly configured: %s', (_what, env) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
  });

  it('names the missing LiveKit variables', () => {
    expect(() => loadConfig({ ...base, LIVEKIT_URL: livekit.LIVEKIT_URL })).toThrow(
      /LIVEKIT_API_KEY, LIVEKIT_API_SECRET/,
    );
  });

  it('rejects a LiveKit URL that is not ws(s) or http(s)', () => {
    expect(() => loadConfig({ ...base, ...livekit, LIVEKIT_URL: '127.0.0.1:7880' })).toThrow(ConfigError);
  });
});
