import { Type } from '@sinclair/typebox';
import {
  BaseEnv,
  VoiceFloodEnv,
  baseConfig,
  parseEnv,
  voiceFloodLimits,
  type BaseConfig,
  type VoiceFloodLimits,
} from '@honne/service-kit';

export interface TopicsConfig extends BaseConfig {
  /**
   * Flood limits on voices (ADR 0037); undefined: none (FLOOD_LIMITS=off, and suites built from the
   * kit's test config unless they ask).
   */
  voiceFlood?: VoiceFloodLimits | undefined;
}

export const TopicsEnv = {
  ...BaseEnv,
  ...VoiceFloodEnv,
  TOPICS_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): TopicsConfig {
  const parsed = parseEnv('topics', TopicsEnv, env);
  return { ...baseConfig('topics', parsed, parsed.TOPICS_PORT ?? 8082), voiceFlood: voiceFloodLimits(parsed) };
}
