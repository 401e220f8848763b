import { Type } from '@sinclair/typebox';
import { BaseEnv, baseConfig, parseEnv, type BaseConfig } from '@honne/service-kit';

import type { LedgerRules } from './ledger/transfer.ts';
import type { LotPolicy } from './domain/ledger.ts';
import { DEFAULT_MINOR_CAPS, type MinorCaps } from './domain/spend-caps.ts';

export interface PointsConfig extends BaseConfig {
  /** The operator API's bearer token; unset means the operator API refuses everything. */
  operatorToken?: string | undefined;
  /**
   * 資金決済法: purchased lots expire 180 days after issue, or are kept and reported per base date.
   * Optional so other services' suites can start points from the kit's base test config.
   */
  lotPolicy?: LotPolicy;
  /** The payment provider's webhook signing secret; unset means purchases are refused (401). */
  purchaseWebhookSecret?: string | undefined;
  /** Points a month users under 16 / aged 16–17 may spend (domain/spend-caps.ts); optional like lotPolicy. */
  minorCaps?: MinorCaps;
}

export const PointsEnv = {
  ...BaseEnv,
  POINTS_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
  OPERATOR_TOKEN: Type.Optional(Type.String({ minLength: 16 })),
  POINTS_LOT_POLICY: Type.Optional(Type.Union([Type.Literal('expire'), Type.Literal('report')])),
  PURCHASE_WEBHOOK_SECRET: Type.Optional(Type.String({ minLength: 16 })),
  POINTS_MONTHLY_CAP_UNDER16: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
  POINTS_MONTHLY_CAP_16TO17: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): PointsConfig {
  const parsed = parseEnv('points', PointsEnv, env);
  return {
    ...baseConfig('points', parsed, parsed.POINTS_PORT ?? 8085),
    operatorToken: parsed.OPERATOR_TOKEN,
    lotPolicy: parsed.POINTS_LOT_POLICY ?? 'expire',
    purchaseWebhookSecret: parsed.PURCHASE_WEBHOOK_SECRET,
    minorCaps: {
      under16: parsed.POINTS_MONTHLY_CAP_UNDER16 ?? DEFAULT_MINOR_CAPS.under16,
      under18: parsed.POINTS_MONTHLY_CAP_16TO17 ?? DEFAULT_MINOR_CAPS.under18,
    },
  };
}

/** The ledger's configured rules; the defaults for a config built without them (other services' suites). */
export function ledgerRules(config: PointsConfig): LedgerRules & { minorCaps: MinorCaps } {
  return { lotPolicy: config.lotPolicy ?? 'expire', minorCaps: config.minorCaps ?? DEFAULT_MINOR_CAPS };
}
