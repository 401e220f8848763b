import { IceServer as IceServerSchema, type CallConfig } from '@honne/contracts/calls';
import { BaseEnv, ConfigError, baseConfig, parseEnv, type BaseConfig } from '@honne/service-kit';
import { Type, type Static, type TObject } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

import type { LiveKitConfig } from './livekit/livekit.ts';

export type IceServer = CallConfig['ice_servers'][number];

export interface CallsConfig extends BaseConfig {
  /** Handed to browsers for peer-to-peer calls; unused when LiveKit is configured. */
  iceServers: IceServer[];
  /** Set when all three LIVEKIT_* variables are: calls then go through the SFU. */
  livekit: LiveKitConfig | undefined;
  /** coturn's `static-auth-secret`: TURN credentials are then minted per request, short-lived. */
  turnSecret: string | undefined;
  turnTtlSeconds: number;
}

export const CallsEnv = {
  ...BaseEnv,
  CALLS_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
  /** A JSON array of RTCIceServer objects; the complete list, so it excludes the three below. */
  ICE_SERVERS: Type.Optional(Type.String()),
  /** Comma-separated stun: URLs. */
  STUN_URLS: Type.Optional(Type.String()),
  /** Comma-separated turn:/turns: URLs, sharing TURN_USERNAME and TURN_CREDENTIAL. */
  TURN_URLS: Type.Optional(Type.String()),
  TURN_USERNAME: Type.Optional(Type.String()),
  TURN_CREDENTIAL: Type.Optional(Type.String()),
  /** coturn REST secret (`use-auth-secret` + `static-auth-secret`): mint TURN credentials per user. */
  TURN_SECRET: Type.Optional(Type.String({ minLength: 16 })),
  TURN_TTL_SECONDS: Type.Optional(Type.Integer({ minimum: 60, maximum: 86_400 })),
  /** Where the calls service reaches LiveKit's API (ws(s):// or http(s)://). */
  LIVEKIT_URL: Type.Optional(Type.String({ pattern: '^(wss?|https?)://' })),
  /** What browsers connect to, when it differs from LIVEKIT_URL (e.g. behind a proxy). */
  LIVEKIT_PUBLIC_URL: Type.Optional(Type.String({ pattern: '^wss?://' })),
  LIVEKIT_API_KEY: Type.Optional(Type.String()),
  LIVEKIT_API_SECRET: Type.Optional(Type.String()),
};

type CallsEnvValues = Static<TObject<typeof CallsEnv>>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): CallsConfig {
  const parsed = parseEnv('calls', CallsEnv, env);
  // Checked before baseConfig, which may write generated secrets under DATA_DIR.
  const iceServers = iceServersFrom(parsed);
  const livekit = liveKitFrom(parsed);
  if (parsed.TURN_SECRET && !iceServers.some((s) => [s.urls].flat().some((u) => /^turns?:/.test(u)))) {
    throw new ConfigError('calls: TURN_SECRET is set but no turn: URL is (ICE_SERVERS or TURN_URLS)');
  }
  return {
    ...baseConfig('calls', parsed, parsed.CALLS_PORT ?? 8084),
    iceServers,
    livekit,
    turnSecret: parsed.TURN_SECRET,
    turnTtlSeconds: parsed.TURN_TTL_SECONDS ?? 3600,
  };
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * No STUN server by default: nothing outside is reachable from where honne is tested, and host
 * candidates alone connect two browsers on loopback or one LAN.
 */
function iceServersFrom(env: CallsEnvValues): IceServer[] {
  const piecewise = env.STUN_URLS ?? env.TURN_URLS ?? env.TURN_USERNAME ?? env.TURN_CREDENTIAL;
  if (env.ICE_SERVERS !== undefined) {
    if (piecewise !== undefined) {
      throw new ConfigError(
        'calls: set either ICE_SERVERS or STUN_URLS/TURN_URLS/TURN_USERNAME/TURN_CREDENTIAL, not both',
      );
    }
    let value: unknown;
    try {
      value = JSON.parse(env.ICE_SERVERS);
    } catch {
      throw new ConfigError('calls: ICE_SERVERS is not valid JSON');
    }
    const schema = Type.Array(IceServerSchema);
    if (!Value.Check(schema, value)) {
      throw new ConfigError('calls: ICE_SERVERS must be a JSON array of {urls, username?, credential?}');
    }
    return value;
  }

  const servers: IceServer[] = [];
  const stun = list(env.STUN_URLS);
  if (stun.some((u) => !u.startsWith('stun:') && !u.startsWith('stuns:'))) {
    throw new ConfigError('calls: every STUN_URLS entry must start with stun: or stuns:');
  }
  if (stun.length > 0) servers.push({ urls: stun });

  const turn = list(env.TURN_URLS);
  if (turn.some((u) => !u.startsWith('turn:') && !u.startsWith('turns:'))) {
    throw new ConfigError('calls: every TURN_URLS entry must start with turn: or turns:');
  }
  if (turn.length > 0) {
    if (env.TURN_SECRET) {
      servers.push({ urls: turn });
    } else {
      if (!env.TURN_USERNAME || !env.TURN_CREDENTIAL) {
        throw new ConfigError('calls: TURN_URLS needs TURN_USERNAME and TURN_CREDENTIAL (or TURN_SECRET)');
      }
      servers.push({ urls: turn, username: env.TURN_USERNAME, credential: env.TURN_CREDENTIAL });
    }
  } else if (env.TURN_USERNAME || env.TURN_CREDENTIAL) {
    throw new ConfigError('calls: TURN_USERNAME/TURN_CREDENTIAL are set but TURN_URLS is not');
  }
  return servers;
}

/** All three LIVEKIT_* variables or none: a half-configured SFU would only fail at the first call. */
function liveKitFrom(env: CallsEnvValues): LiveKitConfig | undefined {
  const vars = {
    LIVEKIT_URL: env.LIVEKIT_URL,
    LIVEKIT_API_KEY: env.LIVEKIT_API_KEY,
    LIVEKIT_API_SECRET: env.LIVEKIT_API_SECRET,
  };
  const missing = Object.entries(vars)
    .filter(([, v]) => v === undefined)
    .map(([k]) => k);
  if (missing.length === 3) {
    if (env.LIVEKIT_PUBLIC_URL) throw new ConfigError('calls: LIVEKIT_PUBLIC_URL is set but LIVEKIT_URL is not');
    return undefined;
  }
  if (missing.length > 0) {
    throw new ConfigError(
      `calls: LiveKit is partly configured; also set ${missing.join(', ')} (or unset all LIVEKIT_* variables for peer-to-peer calls)`,
    );
  }
  const url = env.LIVEKIT_URL!;
  return {
    url,
    publicUrl: env.LIVEKIT_PUBLIC_URL ?? url.replace(/^http/, 'ws'),
    apiKey: env.LIVEKIT_API_KEY!,
    apiSecret: env.LIVEKIT_API_SECRET!,
  };
}
