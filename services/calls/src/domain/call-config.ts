import type { CallConfig } from '@honne/contracts/calls';

import type { CallsConfig } from '../config.ts';

/**
 * With LiveKit both sides join an SFU room and LiveKit hands out its own ICE servers on join;
 * without it the browsers connect to each other with the configured STUN/TURN servers.
 */
export function callConfigFor(config: Pick<CallsConfig, 'iceServers' | 'livekit'>): CallConfig {
  if (config.livekit) return { mode: 'livekit', ice_servers: [], livekit_url: config.livekit.publicUrl };
  return { mode: 'p2p', ice_servers: config.iceServers, livekit_url: null };
}
