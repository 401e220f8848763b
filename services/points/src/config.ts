import { Type } from '@sinclair/typebox';
import { BaseEnv, baseConfig, parseEnv, type BaseConfig } from '@honne/service-kit';

import type { LotPolicy } from './domain/ledger.ts';

export interface PointsConfig extends BaseConfig {
  /** The operator API's bearer token; unset means the operator API refuses everything. */
  operatorToken?: string | undefined;
  /**
   * 資金決済法: purchased lots expire 180 days after issue, or are kept and reported per base date.
   * Optional so other services' suites can start points from the kit's base test config.
   */
  lotPolicy?: LotPolicy;
  /** The payment provider's webhook signing secret; unset means purchases are refused (503). */
  purchaseWebhookSecret?: string | undefined;
}

export const PointsEnv = {
  ...BaseEnv,
  POINTS_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
  OPERATOR_TOKEN: Type.Optional(Type.String({ minLength: 16 })),
  POINTS_LOT_POLICY: Type.Optional(Type.Union([Type.Literal('expire'), Type.Literal('report')])),
  PURCHASE_WEBHOOK_SECRET: Type.Optional(Type.String({ minLength: 16 })),
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): PointsConfig {
  const parsed = parseEnv('points', PointsEnv, env);
  return {
    ...baseConfig('points', parsed, parsed.POINTS_PORT ?? 8085),
    operatorToken: parsed.OPERATOR_TOKEN,
    lotPolicy: parsed.POINTS_LOT_POLICY ?? 'expire',
    purchaseWebhookSecret: parsed.PURCHASE_WEBHOOK_SECRET,
  };
}
