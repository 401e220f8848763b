import { createHmac } from 'node:crypto';

import type { CallConfig } from '@honne/contracts/calls';

import type { CallsConfig, IceServer } from '../config.ts';

type IceSettings = Pick<CallsConfig, 'iceServers' | 'livekit' | 'turnSecret' | 'turnTtlSeconds'>;

const isTurn = (s: IceServer) => (Array.isArray(s.urls) ? s.urls : [s.urls]).some((u) => /^turns?:/.test(u));

/** A TURN server is configured: anonymous p2p calls can then go relay-only. */
export const hasTurn = (config: Pick<CallsConfig, 'iceServers'>) => config.iceServers.some(isTurn);

/**
 * coturn's REST credentials (`use-auth-secret`): username `<expiry>:<label>`, password
 * base64(HMAC-SHA1(secret, username)). The label is opaque, so the TURN server's logs name no user.
 */
export function turnCredential(
  secret: string,
  label: string,
  expiresAt: number,
): { username: string; credential: string } {
  const username = `${Math.floor(expiresAt / 1000)}:${label}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

/**
 * With LiveKit both sides join an SFU room and LiveKit hands out its own ICE servers on join;
 * without it the browsers connect to each other with the configured STUN/TURN servers, TURN
 * entries carrying credentials minted now when a TURN secret is set.
 */
export function callConfigFor(config: IceSettings, now: Date, label = 'honne'): CallConfig {
  if (config.livekit)
    return { mode: 'livekit', ice_servers: [], livekit_url: config.livekit.publicUrl, ice_ttl_seconds: null };
  if (!config.turnSecret || !hasTurn(config)) {
    return { mode: 'p2p', ice_servers: config.iceServers, livekit_url: null, ice_ttl_seconds: null };
  }
  const cred = turnCredential(config.turnSecret, label, now.getTime() + config.turnTtlSeconds * 1000);
  return {
    mode: 'p2p',
    ice_servers: config.iceServers.map((s) => (isTurn(s) ? { ...s, ...cred } : s)),
    livekit_url: null,
    ice_ttl_seconds: config.turnTtlSeconds,
  };
}
