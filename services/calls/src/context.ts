import type { ServiceContext, ServiceOverrides } from '@honne/service-kit';

import type { CallsConfig } from './config.ts';
import type { CallsDb } from './db/schema/index.ts';
import { LiveKit } from './livekit/livekit.ts';

export interface AppContext extends ServiceContext<CallsConfig, CallsDb> {
  /** Present when LiveKit is configured; calls are peer-to-peer otherwise. */
  livekit: LiveKit | undefined;
}

export interface ContextOverrides extends ServiceOverrides {
  /** Tests run the call timers themselves after moving the clock. */
  timers?: boolean;
}

/** What calls adds to the kit's context: the LiveKit client when configured. */
export async function ownParts(parts: ServiceContext<CallsConfig, CallsDb>) {
  return { livekit: parts.config.livekit ? new LiveKit(parts.config.livekit) : undefined };
}
