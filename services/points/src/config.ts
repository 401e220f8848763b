import { Type } from '@sinclair/typebox';
import { BaseEnv, ConfigError, baseConfig, localSecret, parseEnv, type BaseConfig } from '@honne/service-kit';

import type { LedgerRules } from './ledger/transfer.ts';
import type { LotPolicy } from './domain/ledger.ts';
import { DEFAULT_MINOR_CAPS, type MinorCaps } from './domain/spend-caps.ts';

export interface PointsConfig extends BaseConfig {
  /**
   * 資金決済法: purchased lots expire 180 days after issue, or are kept and reported per base date.
   * Optional so other services' suites can start points from the kit's base test config.
   */
  lotPolicy?: LotPolicy;
  /** The payment provider's webhook signing secret; unset means purchases are refused (401). */
  purchaseWebhookSecret?: string | undefined;
  /** Points a month users under 16 / aged 16–17 may spend (domain/spend-caps.ts); optional like lotPolicy. */
  minorCaps?: MinorCaps;
  /**
   * The payment provider's API (Stripe): the secret key, and the API's base URL where it is not
   * Stripe's own (a stripe-mock in tests). Unset: no provider, and outside production the app's
   * test checkout stands in (ledger/checkout.ts).
   */
  stripe?: { secretKey: string; apiUrl?: string | undefined } | undefined;
  /** Where the provider sends the buyer back (the app's public origin); unset: the request's Origin. */
  publicUrl?: string | undefined;
}

export const PointsEnv = {
  ...BaseEnv,
  POINTS_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
  POINTS_LOT_POLICY: Type.Optional(Type.Union([Type.Literal('expire'), Type.Literal('report')])),
  PURCHASE_WEBHOOK_SECRET: Type.Optional(Type.String({ minLength: 16 })),
  POINTS_MONTHLY_CAP_UNDER16: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
  POINTS_MONTHLY_CAP_16TO17: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
  STRIPE_SECRET_KEY: Type.Optional(Type.String({ pattern: '^(sk|rk)_(test|live)_' })),
  STRIPE_API_URL: Type.Optional(Type.String({ pattern: '^https?://[^/]+/?$' })),
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://[^/]+/?$' })),
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): PointsConfig {
  const parsed = parseEnv('points', PointsEnv, env);
  const base = baseConfig('points', parsed, parsed.POINTS_PORT ?? 8085);
  if (parsed.STRIPE_SECRET_KEY && !parsed.PURCHASE_WEBHOOK_SECRET) {
    throw new ConfigError('points: STRIPE_SECRET_KEY needs PURCHASE_WEBHOOK_SECRET (the webhook is what credits)');
  }
  if (base.env === 'production' && parsed.STRIPE_SECRET_KEY && !parsed.PUBLIC_URL) {
    throw new ConfigError(
      'points: PUBLIC_URL must be set in production with STRIPE_SECRET_KEY (the checkout returns there)',
    );
  }
  return {
    ...base,
    lotPolicy: parsed.POINTS_LOT_POLICY ?? 'expire',
    // Outside production a local secret lets the test checkout sign its deliveries like the provider.
    purchaseWebhookSecret:
      parsed.PURCHASE_WEBHOOK_SECRET ??
      (base.env === 'production' ? undefined : localSecret(base.dataDir, 'purchase-webhook')),
    stripe: parsed.STRIPE_SECRET_KEY
      ? { secretKey: parsed.STRIPE_SECRET_KEY, apiUrl: parsed.STRIPE_API_URL }
      : undefined,
    publicUrl: parsed.PUBLIC_URL?.replace(/\/$/, ''),
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
