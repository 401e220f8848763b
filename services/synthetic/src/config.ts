import path from 'node:path';

import { mailApiCodes, outboxCodes, type CodeReader } from './mail.ts';
import type { BotState } from './bots.ts';

export interface SyntheticConfig {
  gatewayUrl: string;
  intervalMs: number;
  stepTimeoutMs: number;
  host: string;
  metricsPort: number;
  logLevel: string;
  stateFile: string;
  readCode: CodeReader | undefined;
  bots: Pick<BotState, 'a' | 'b'> | undefined;
  emailDomain: string;
}

const int = (value: string | undefined, fallback: number, name: string): number => {
  const n = Number(value ?? fallback);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer (got ${value})`);
  return n;
};

/**
 * From the environment. The bots' accounts come from SYNTHETIC_BOT_{A,B}_{EMAIL,PASSWORD} when an
 * operator made them (production: real mail); otherwise they are signed up on the first run with
 * the code read from SYNTHETIC_MAIL_API (a mail sink's API, mailpit's shape) or SYNTHETIC_OUTBOX_DIR
 * (accounts' outbox without SMTP), and kept in SYNTHETIC_STATE_FILE.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): SyntheticConfig {
  const botA = env.SYNTHETIC_BOT_A_EMAIL && env.SYNTHETIC_BOT_A_PASSWORD;
  const botB = env.SYNTHETIC_BOT_B_EMAIL && env.SYNTHETIC_BOT_B_PASSWORD;
  const bots =
    botA && botB
      ? {
          a: { email: env.SYNTHETIC_BOT_A_EMAIL!, password: env.SYNTHETIC_BOT_A_PASSWORD! },
          b: { email: env.SYNTHETIC_BOT_B_EMAIL!, password: env.SYNTHETIC_BOT_B_PASSWORD! },
        }
      : undefined;
  const readCode = env.SYNTHETIC_MAIL_API
    ? mailApiCodes(env.SYNTHETIC_MAIL_API)
    : env.SYNTHETIC_OUTBOX_DIR
      ? outboxCodes(env.SYNTHETIC_OUTBOX_DIR)
      : undefined;
  if (!bots && !readCode) {
    throw new Error(
      'the synthetic user needs its bots: SYNTHETIC_BOT_{A,B}_{EMAIL,PASSWORD}, or SYNTHETIC_MAIL_API / SYNTHETIC_OUTBOX_DIR to sign them up',
    );
  }
  return {
    gatewayUrl: env.SYNTHETIC_GATEWAY_URL ?? 'http://127.0.0.1:8080',
    intervalMs: int(env.SYNTHETIC_INTERVAL_MS, 60_000, 'SYNTHETIC_INTERVAL_MS'),
    stepTimeoutMs: int(env.SYNTHETIC_STEP_TIMEOUT_MS, 10_000, 'SYNTHETIC_STEP_TIMEOUT_MS'),
    host: env.HOST ?? '127.0.0.1',
    metricsPort: int(env.SYNTHETIC_METRICS_PORT, 9465, 'SYNTHETIC_METRICS_PORT'),
    logLevel: env.LOG_LEVEL ?? 'info',
    stateFile: env.SYNTHETIC_STATE_FILE ?? path.join(env.DATA_DIR ?? './data', 'synthetic', 'bots.json'),
    readCode,
    bots,
    emailDomain: env.SYNTHETIC_EMAIL_DOMAIN ?? 'synthetic.honne.local',
  };
}
