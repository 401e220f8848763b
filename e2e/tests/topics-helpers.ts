import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect } from '@playwright/test';

import { registerViaApi, uniqueEmail } from '../support/api.ts';

export interface TestUser {
  email: string;
  token: string;
  userId: string;
  session: Record<string, unknown>;
}

/** A signed-up user with a completed profile (onboarding is another journey). */
export async function userWithProfile(
  request: APIRequestContext,
  tag: string,
  profile: { user_name: string; gender: number; age_id: number; area_id: number },
): Promise<TestUser> {
  const email = uniqueEmail(tag);
  const session = (await registerViaApi(request, email)) as unknown as Record<string, unknown> & {
    access_token: string;
    user_id: string;
  };
  const put = await request.put('/api/v1/users', {
    headers: { Authorization: `Bearer ${session.access_token}` },
    data: { ...profile, is_infomation: 1 },
  });
  expect(put.status()).toBe(200);
  return { email, token: session.access_token, userId: session.user_id, session: { ...session, is_infomation: 1 } };
}

/** A browser context already signed in as `user` (the session the login screen would store). */
export async function signedInPage(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(
    (s: Record<string, unknown>) => {
      localStorage.setItem('device_id', 'api-device');
      localStorage.setItem('tutorial', '1');
      localStorage.setItem(
        'user_info',
        JSON.stringify({ ...s, expires_at: Date.now() + Number(s.expires_in) * 1000, email: s.email }),
      );
    },
    { ...user.session, email: user.email },
  );
  return context.newPage();
}

export const auth = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });
