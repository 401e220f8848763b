import { Type } from '@sinclair/typebox';
import { BaseEnv, baseConfig, ConfigError, parseEnv, type BaseConfig } from '@honne/service-kit';

import { vapidConfig, type PushConfig } from './push/vapid.ts';

export interface AccountsConfig extends BaseConfig {
  /** nodemailer transport URL; without it every mail is a JSON file in `${dataDir}/outbox/`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  verifyCodeTtlSeconds: number;
  verifyCodeMaxAttempts: number;
  /** Failed logins per e-mail address *and source* in 15 minutes before that source is locked out. */
  loginMaxFailures: number;
  /** Failed logins per e-mail address from all sources in an hour before unknown sources wait. */
  loginMaxFailuresPerAddress?: number;
  /** Mails one address may be sent per hour (codes, reset notices); past it none goes, same answer. */
  mailMaxPerAddress?: number;
  /** Reset, resend and phone-code mails one source may cause per hour; past it none goes, same answer. */
  mailMaxPerSource?: number;
  /**
   * A new user's rank (the most they may charge for a chat and per call minute). 0/0 by default:
   * nobody charges until an operator sets a rank (docs/adr/0004, issue 15).
   */
  defaultRank?: { max_point_for_chatting: number; max_point_for_a_call: number };
  /** Web push (issue 14): VAPID keys and where subscriptions may point; absent: push is off. */
  push?: PushConfig | undefined;
}

export const AccountsEnv = {
  ...BaseEnv,
  ACCOUNTS_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  MAIL_FROM: Type.Optional(Type.String()),
  VERIFY_CODE_TTL_SECONDS: Type.Optional(Type.Integer({ minimum: 60, maximum: 86400 })),
  VERIFY_CODE_MAX_ATTEMPTS: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
  LOGIN_MAX_FAILURES: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  LOGIN_MAX_FAILURES_PER_ADDRESS: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  MAIL_MAX_PER_ADDRESS_PER_HOUR: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  MAIL_MAX_PER_SOURCE_PER_HOUR: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  DEFAULT_RANK_CHAT: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  DEFAULT_RANK_CALL: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  VAPID_PUBLIC_KEY: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{80,90}$' })),
  VAPID_PRIVATE_KEY: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{40,45}$' })),
  VAPID_SUBJECT: Type.Optional(Type.String({ pattern: '^(mailto:|https://)' })),
};

export const ACCOUNTS_DEFAULTS = {
  verifyCodeTtlSeconds: 600,
  verifyCodeMaxAttempts: 5,
  loginMaxFailures: 10,
  loginMaxFailuresPerAddress: 100,
  mailFrom: 'honne <no-reply@honne.local>',
} as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AccountsConfig {
  const parsed = parseEnv('accounts', AccountsEnv, env);
  if (parsed.NODE_ENV === 'production' && !parsed.SMTP_URL) {
    throw new ConfigError('accounts: SMTP_URL must be set in production (mail would only reach the outbox folder)');
  }
  const base = baseConfig('accounts', parsed, parsed.ACCOUNTS_PORT ?? 8081);
  return {
    ...base,
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM ?? ACCOUNTS_DEFAULTS.mailFrom,
    verifyCodeTtlSeconds: parsed.VERIFY_CODE_TTL_SECONDS ?? ACCOUNTS_DEFAULTS.verifyCodeTtlSeconds,
    verifyCodeMaxAttempts: parsed.VERIFY_CODE_MAX_ATTEMPTS ?? ACCOUNTS_DEFAULTS.verifyCodeMaxAttempts,
    loginMaxFailures: parsed.LOGIN_MAX_FAILURES ?? ACCOUNTS_DEFAULTS.loginMaxFailures,
    loginMaxFailuresPerAddress: parsed.LOGIN_MAX_FAILURES_PER_ADDRESS ?? ACCOUNTS_DEFAULTS.loginMaxFailuresPerAddress,
    mailMaxPerAddress: parsed.MAIL_MAX_PER_ADDRESS_PER_HOUR,
    mailMaxPerSource: parsed.MAIL_MAX_PER_SOURCE_PER_HOUR,
    defaultRank: {
      max_point_for_chatting: parsed.DEFAULT_RANK_CHAT ?? 0,
      max_point_for_a_call: parsed.DEFAULT_RANK_CALL ?? 0,
    },
    push: vapidConfig(parsed, base),
  };
}
