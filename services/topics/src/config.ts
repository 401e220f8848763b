import { Type } from '@sinclair/typebox';
import { BaseEnv, baseConfig, parseEnv, type BaseConfig } from '@honne/service-kit';

export type TopicsConfig = BaseConfig;

export const TopicsEnv = { ...BaseEnv, TOPICS_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })) };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): TopicsConfig {
  const parsed = parseEnv('topics', TopicsEnv, env);
  return baseConfig('topics', parsed, parsed.TOPICS_PORT ?? 8082);
}
