import webPush from 'web-push';

import type { PushConfig } from './vapid.ts';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the push service answered: delivered, gone for good (404/410: forget it), or failed for now. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** Long enough for a push service under load; a push is best effort and never holds anything up. */
export const SEND_TIMEOUT_MS = 10_000;

/**
 * Encrypts `payload` for the subscription (RFC 8291, aes128gcm) and signs the request with the VAPID
 * key (RFC 8292) through `web-push`, then posts it with fetch. web-push's own sender speaks https
 * only; fetch also reaches the loopback test push service over http, and gives us the status to act on.
 */
export async function sendPush(
  config: PushConfig,
  target: PushTarget,
  payload: string,
  opts: { ttlSeconds: number; urgency: 'normal' | 'high' },
): Promise<PushOutcome> {
  const details = webPush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    payload,
    {
      vapidDetails: config.vapid,
      TTL: opts.ttlSeconds,
      urgency: opts.urgency,
      contentEncoding: 'aes128gcm',
    },
  );
  try {
    const res = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ? new Uint8Array(details.body) : null,
      redirect: 'error',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await res.arrayBuffer().catch(() => undefined);
    if (res.status === 404 || res.status === 410) return 'gone';
    return res.ok ? 'sent' : 'failed';
  } catch {
    return 'failed';
  }
}
