import { openBaseContext, Tokens, type BaseContext, type BaseOverrides } from '@honne/service-kit';

import type { GatewayConfig } from './config.ts';
import { TokenVerifier } from './auth/token-verifier.ts';

/** The gateway holds no database: only the bus (real-time fan-out), the cache (sessions, limits) and tokens. */
export interface AppContext extends BaseContext {
  config: GatewayConfig;
  tokens: TokenVerifier;
  close(): Promise<void>;
}

export type ContextOverrides = BaseOverrides;

export async function createContext(config: GatewayConfig, overrides: ContextOverrides = {}): Promise<AppContext> {
  const base = await openBaseContext(config, overrides);
  return {
    ...base,
    config,
    tokens: new TokenVerifier(new Tokens(config.jwtSecret, base.cache), base.clock),
    close: () => base.closeOwned(),
  };
}
