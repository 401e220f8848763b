import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { ConfigError, type BaseConfig } from '@honne/service-kit';
import webPush from 'web-push';

export interface PushConfig {
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** Outside production a subscription may point at a push service on loopback over http (tests, local runs). */
  allowLoopbackHttp: boolean;
}

interface VapidEnv {
  VAPID_PUBLIC_KEY?: string | undefined;
  VAPID_PRIVATE_KEY?: string | undefined;
  VAPID_SUBJECT?: string | undefined;
}

const LOCAL_SUBJECT = 'mailto:no-reply@honne.local';

/**
 * VAPID keys from env. Outside production, keys not given are generated once into DATA_DIR (as the
 * JWT secret is), so `npm start` pushes with nothing set. In production all three must be given
 * together, or push stays off (logged at start): the scale-out stack and the benchmarks run in
 * production mode without them, and a missing key must not stop sign-in.
 */
export function vapidConfig(env: VapidEnv, base: Pick<BaseConfig, 'env' | 'dataDir'>): PushConfig | undefined {
  const given = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT].filter(Boolean).length;
  const production = base.env === 'production';
  if (production && given > 0 && given < 3) {
    throw new ConfigError('accounts: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together');
  }
  if (production && given === 0) return undefined;
  const keys =
    env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
      : localVapidKeys(base.dataDir);
  return {
    vapid: { ...keys, subject: env.VAPID_SUBJECT ?? LOCAL_SUBJECT },
    allowLoopbackHttp: !production,
  };
}

/** Generated once and kept, so subscriptions made before a restart still verify. */
function localVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid-keys.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  } catch {
    const keys = webPush.generateVAPIDKeys();
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
      return keys;
    } catch {
      // Another process of the same DATA_DIR wrote it first.
      return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    }
  }
}
