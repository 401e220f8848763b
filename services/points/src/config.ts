import { Type } from '@sinclair/typebox';
import { BaseEnv, baseConfig, parseEnv, type BaseConfig } from '@honne/service-kit';

export type PointsConfig = BaseConfig;

export const PointsEnv = { ...BaseEnv, POINTS_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })) };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): PointsConfig {
  const parsed = parseEnv('points', PointsEnv, env);
  return baseConfig('points', parsed, parsed.POINTS_PORT ?? 8085);
}
