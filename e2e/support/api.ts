import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import WebSocket from 'ws';

import { E2E_CONTROL_PORT, E2E_PORT } from '../playwright.config.ts';
import { codeFromOutbox } from './outbox.ts';

export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.jp`;

/** Signs up and verifies through the gateway, as the sign-up screen does. */
export async function registerViaApi(
  request: APIRequestContext,
  email: string,
  password = 'password123',
  deviceId = 'api-device',
) {
  const signup = await request.post('/api/v1/users', {
    data: { email, confirm_email: email, password, confirm_password: password, agree_terms: true },
  });
  expect(signup.status()).toBe(200);
  const code = await codeFromOutbox(email);
  const verify = await request.post('/api/v1/users/verify', {
    data: {
      email,
      verify_code: code,
      device_id: deviceId,
      device_type: 'web',
      signup_id: (await signup.json()).data.signup_id,
    },
  });
  expect(verify.status()).toBe(200);
  return (await verify.json()).data as { access_token: string; user_id: string; is_infomation: number };
}

export interface Frame {
  type: string;
  seq?: number;
  data: unknown;
}

/** A real-time socket that records frames and how it closed. */
export function openRealtime(token: string) {
  const frames: Frame[] = [];
  let closed: { code: number } | undefined;
  const ws = new WebSocket(`ws://127.0.0.1:${E2E_PORT}/api/v1/realtime?token=${encodeURIComponent(token)}`);
  ws.on('message', (raw) => frames.push(JSON.parse(String(raw)) as Frame));
  ws.on('close', (code) => {
    closed = { code };
  });
  return {
    frames,
    closed: () => closed,
    opened: () => new Promise<void>((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject))),
    close: () => ws.close(),
  };
}

/** Moves every service's clock (back, when negative) and runs the chat purge (the embedded launcher's test control). */
export async function advanceClock(ms: number): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${E2E_CONTROL_PORT}/clock/advance?ms=${ms}`, { method: 'POST' });
  expect(res.status).toBe(200);
}
