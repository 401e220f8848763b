import { Type } from '@sinclair/typebox';
import { BaseEnv, ConfigError, baseConfig, parseEnv, type BaseConfig } from '@honne/service-kit';

export interface SafetyConfig extends BaseConfig {
  /** How long an operator's console session lasts from sign-in. */
  sessionHours: number;
  /**
   * The first admin, created at start-up when no operator exists yet (README "Bootstrap"). The
   * TOTP secret is base32, as authenticator apps take it. All three or none.
   */
  bootstrapAdmin?: { email: string; password: string; totpSecret: string } | undefined;
  /** Prometheus's HTTP API, which the console's system page reads (issue 29); unset: no such page. */
  prometheusUrl?: string | undefined;
  /** A refund of more points than this waits for a second operator (ADR 0030); default 1,000. */
  refundApprovalAbove?: number | undefined;
}

export const DEFAULT_REFUND_APPROVAL_ABOVE = 1_000;

export const SafetyEnv = {
  ...BaseEnv,
  SAFETY_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
  SAFETY_SESSION_HOURS: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 })),
  SAFETY_REFUND_APPROVAL_ABOVE: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
  SAFETY_BOOTSTRAP_ADMIN_EMAIL: Type.Optional(Type.String({ minLength: 3, maxLength: 254 })),
  SAFETY_BOOTSTRAP_ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 12, maxLength: 200 })),
  SAFETY_BOOTSTRAP_ADMIN_TOTP_SECRET: Type.Optional(Type.String({ pattern: '^[A-Z2-7]{16,}=*$' })),
  PROMETHEUS_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): SafetyConfig {
  const parsed = parseEnv('safety', SafetyEnv, env);
  const base = baseConfig('safety', parsed, parsed.SAFETY_PORT ?? 8086);
  const boot = [
    parsed.SAFETY_BOOTSTRAP_ADMIN_EMAIL,
    parsed.SAFETY_BOOTSTRAP_ADMIN_PASSWORD,
    parsed.SAFETY_BOOTSTRAP_ADMIN_TOTP_SECRET,
  ];
  if (boot.some(Boolean) && !boot.every(Boolean)) {
    throw new ConfigError(
      'safety: SAFETY_BOOTSTRAP_ADMIN_EMAIL, SAFETY_BOOTSTRAP_ADMIN_PASSWORD and SAFETY_BOOTSTRAP_ADMIN_TOTP_SECRET go together',
    );
  }
  return {
    ...base,
    sessionHours: parsed.SAFETY_SESSION_HOURS ?? 8,
    refundApprovalAbove: parsed.SAFETY_REFUND_APPROVAL_ABOVE ?? DEFAULT_REFUND_APPROVAL_ABOVE,
    bootstrapAdmin: boot.every(Boolean)
      ? { email: boot[0]!.trim().toLowerCase(), password: boot[1]!, totpSecret: boot[2]! }
      : undefined,
    prometheusUrl: parsed.PROMETHEUS_URL,
  };
}
