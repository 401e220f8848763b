import { Type } from '@sinclair/typebox';
import {
  BaseEnv,
  FloodEnv,
  baseConfig,
  floodLimits,
  parseEnv,
  type BaseConfig,
  type FloodLimits,
} from '@honne/service-kit';

export interface ChatConfig extends BaseConfig {
  /**
   * Flood limits on what people send (ADR 0028); undefined: none (FLOOD_LIMITS=off, and suites
   * built from the kit's test config, which send hundreds of messages a second on purpose).
   */
  flood?: FloodLimits | undefined;
}

export const ChatEnv = {
  ...BaseEnv,
  ...FloodEnv,
  CHAT_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ChatConfig {
  const parsed = parseEnv('chat', ChatEnv, env);
  return { ...baseConfig('chat', parsed, parsed.CHAT_PORT ?? 8083), flood: floodLimits(parsed) };
}
