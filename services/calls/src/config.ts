import { Type } from '@sinclair/typebox';
import { BaseEnv, baseConfig, parseEnv, type BaseConfig } from '@honne/service-kit';

export type CallsConfig = BaseConfig;

export const CallsEnv = { ...BaseEnv, CALLS_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })) };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): CallsConfig {
  const parsed = parseEnv('calls', CallsEnv, env);
  return baseConfig('calls', parsed, parsed.CALLS_PORT ?? 8084);
}
