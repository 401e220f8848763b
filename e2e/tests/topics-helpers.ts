import type { APIRequestContext, Browser, BrowserContextOptions, Page } from '@playwright/test';
import { expect } from '@playwright/test';

import { registerViaApi, uniqueEmail } from '../support/api.ts';
import { api as consoleApi, bearer, consoleToken } from './console-support.ts';

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
export async function signedInPage(browser: Browser, user: TestUser, options?: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext(options);
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

/** The theme most journeys post in: 東京都, 悩み・相談 / ちょっと聞いて (voices live at most 10 minutes). */
export const THEME = { area_id: 13, category_id: 5, sub_category_id: 22 };

/** Joins the theme as `user` (what opening it in the app does); answers the theme (thread). */
export async function joinTheme(request: APIRequestContext, user: TestUser, theme = THEME) {
  const joined = await request.post('/api/v1/threads/join', { headers: auth(user), data: theme });
  expect(joined.status(), await joined.text()).toBe(200);
  return (await joined.json()).data as { id: string; name: string };
}

/**
 * A voice by `owner` in the theme, set up through the API (the posting screens have their own
 * journey), free and living 10 minutes unless `voice` says otherwise; `others` join the theme too.
 */
export async function postVoice(
  request: APIRequestContext,
  owner: TestUser,
  voice: { title: string } & Record<string, unknown>,
  others: TestUser[] = [],
  theme = THEME,
): Promise<{ id: string; threadId: string }> {
  const thread = await joinTheme(request, owner, theme);
  const posted = await request.post(`/api/v1/topics/${thread.id}`, {
    headers: auth(owner),
    data: {
      sub_category_id: theme.sub_category_id,
      area_id: theme.area_id,
      expire_after_minute: 10,
      chat_price: 0,
      call_price: 0,
      ...voice,
    },
  });
  expect(posted.status(), await posted.text()).toBe(200);
  for (const other of others) await joinTheme(request, other, theme);
  return { id: (await posted.json()).data.id as string, threadId: thread.id };
}

/** Opens a chat room on a voice as `user` (anonymously when asked); answers the room's id. */
export async function openRoom(request: APIRequestContext, user: TestUser, topicId: string, isAnonymous = false) {
  const res = await request.post('/api/v1/rooms', {
    headers: auth(user),
    data: { topic_id: topicId, room_type_id: 2, is_anonymous: isAnonymous },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.id as string;
}

let journeysKey: Promise<string> | undefined;

/**
 * The journeys' operator credential: an API key the first admin makes once per run (ADR 0034: the
 * points operator API is the console's), scoped to what journeys do. A key, not a session: it does
 * not hang on the TOTP code of the moment nor expire with a session while a journey moves the clock.
 */
export function operatorKey(request: APIRequestContext): Promise<string> {
  journeysKey ??= (async () => {
    const admin = await consoleToken(request);
    const res = await request.post(`${consoleApi}/api_keys`, {
      headers: bearer(admin),
      data: { name: 'e2e journeys', scopes: ['points.grant', 'points.read', 'ranks.set', 'expert.approve'] },
    });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).data.secret as string;
  })().catch((err: unknown) => {
    journeysKey = undefined;
    throw err;
  });
  return journeysKey;
}

/** Points for `user`, granted by an operator in the console's API (no payment provider is reachable here). */
export async function grantPoints(request: APIRequestContext, user: TestUser, amount: number) {
  // Grants go to users points knows (issue 25): right after sign-up, the registration event may still
  // be on its way, so the same idempotent grant is asked again until points has it.
  let last = '';
  const key = await operatorKey(request);
  await expect
    .poll(
      async () => {
        const res = await request.post(`${consoleApi}/points/grants`, {
          headers: bearer(key),
          data: { user_id: user.userId, amount, reason: 'e2e', idempotency_key: `e2e-${user.userId}-${amount}` },
        });
        last = await res.text();
        return res.status();
      },
      { message: `the grant to ${user.userId}: ${last}`, timeout: 15_000 },
    )
    .toBe(200);
}

/** An operator sets `user`'s rank (new users charge nothing until then). */
export async function setRank(request: APIRequestContext, user: TestUser, chat = 500, call = 100) {
  const res = await request.put(`${consoleApi}/users/${user.userId}/rank`, {
    headers: bearer(await operatorKey(request)),
    data: { max_point_for_chatting: chat, max_point_for_a_call: call },
  });
  expect(res.status(), await res.text()).toBe(200);
}
