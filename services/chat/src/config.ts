import { Type } from '@sinclair/typebox';
import { BaseEnv, baseConfig, parseEnv, type BaseConfig } from '@honne/service-kit';

export type ChatConfig = BaseConfig;

export const ChatEnv = { ...BaseEnv, CHAT_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })) };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ChatConfig {
  const parsed = parseEnv('chat', ChatEnv, env);
  return baseConfig('chat', parsed, parsed.CHAT_PORT ?? 8083);
}
