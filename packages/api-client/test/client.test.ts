import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { accountsEndpoints } from '@honne/contracts/accounts';
import { messages } from '@honne/contracts';

import {
  ApiError,
  MemoryStorage,
  STORAGE_KEYS,
  createAccountsApi,
  createApiClient,
  userMessage,
  buildUrl,
} from '../src/index.ts';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function fakeFetch(handler: Handler) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init: init ?? {} });
    return handler(url, init ?? {});
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const session = (token: string, expiresIn = 3600, isInfomation = 0) => ({
  access_token: token,
  expires_in: expiresIn,
  is_infomation: isInfomation,
  user_id: 'u1',
});

describe('envelope handling', () => {
  it('returns data and last_doc_id of a 200 envelope', async () => {
    const { fetch } = fakeFetch(() =>
      json(200, {
        data: { email: 'a@b.jp', is_active: 0, verify_code_expires_in: 600 },
        status: 200,
        error: null,
        last_doc_id: null,
      }),
    );
    const api = createApiClient({ fetch, storage: new MemoryStorage() });
    const result = await api.call(accountsEndpoints.signUp, { body: { email: 'a@b.jp' } });
    expect(result.data.email).toBe('a@b.jp');
    expect(result.last_doc_id).toBeNull();
  });

  it('turns a 403 envelope into field errors', async () => {
    const { fetch } = fakeFetch(() =>
      json(403, {
        data: null,
        status: 403,
        error: messages.invalidInput,
        code: 'validation',
        errors: { email: messages.emailTaken },
        last_doc_id: null,
      }),
    );
    const api = createApiClient({ fetch, storage: new MemoryStorage() });
    const error = await api.call(accountsEndpoints.signUp, { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const e = error as ApiError;
    expect(e.kind).toBe('http');
    expect(e.status).toBe(403);
    expect(e.code).toBe('validation');
    expect(e.fieldErrors).toEqual({ email: messages.emailTaken });
  });

  it('shows the generic message for a 500 and the server message for a 4xx', async () => {
    const { fetch } = fakeFetch((url) =>
      url.endsWith('/users')
        ? json(500, { error: 'boom' })
        : json(401, { data: null, status: 401, error: messages.loginFailed, code: 'login_failed', last_doc_id: null }),
    );
    const api = createApiClient({ fetch, storage: new MemoryStorage() });
    expect(userMessage(await api.call(accountsEndpoints.signUp, { body: {} }).catch((e: unknown) => e))).toBe(
      messages.unexpected,
    );
    // A public call's 401 (wrong password) is an ordinary error, not a logout.
    const onUnauthorized = vi.fn();
    api.setUnauthorizedHandler(onUnauthorized);
    const loginError = await api.call(accountsEndpoints.login, { body: {} }).catch((e: unknown) => e);
    expect(userMessage(loginError)).toBe(messages.loginFailed);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends JSON with the Japanese language header to /api/v1', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { data: {}, status: 200, error: null, last_doc_id: null }));
    const api = createApiClient({ fetch, storage: new MemoryStorage() });
    await api.call(accountsEndpoints.signUp, { body: { email: 'x@y.jp' } });
    expect(calls[0]!.url).toBe('/api/v1/users');
    expect(calls[0]!.init.method).toBe('POST');
    expect((calls[0]!.init.headers as Record<string, string>).language).toBe('ja');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ email: 'x@y.jp' });
  });

  it('builds paths and queries', () => {
    expect(buildUrl('/api/v1', '/users/:id', { id: 'a b' }, { per_page: 30, last_doc_id: undefined })).toBe(
      '/api/v1/users/a%20b?per_page=30',
    );
    expect(buildUrl('/api/v1', '/users/{id}/x', { id: '7' })).toBe('/api/v1/users/7/x');
  });
});

describe('offline and timeout', () => {
  it('does not call fetch when offline and says so in Japanese', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, {}));
    const api = createApiClient({ fetch, storage: new MemoryStorage(), isOnline: () => false });
    const error = (await api.call(accountsEndpoints.signUp, { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('offline');
    expect(error.message).toBe(messages.offline);
    expect(userMessage(error)).toBe(messages.offline);
    expect(calls).toHaveLength(0);
  });

  it('gives up after the timeout', async () => {
    const fetch = ((_: unknown, init?: RequestInit) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as typeof globalThis.fetch;
    const api = createApiClient({ fetch, storage: new MemoryStorage(), timeoutMs: 30 });
    const error = (await api.call(accountsEndpoints.signUp, { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('timeout');
    expect(userMessage(error)).toBe(messages.unexpected);
  });

  it('reports a failed connection as a network error', async () => {
    const fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof globalThis.fetch;
    const api = createApiClient({ fetch, storage: new MemoryStorage() });
    const error = (await api.call(accountsEndpoints.signUp, { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('network');
  });
});

describe('session, 401 and refresh', () => {
  let clock = 1_000_000;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000_000;
  });

  it('login stores user_info with the expiry and a stable device id', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json(200, { data: session('t1', 3600, 1), status: 200, error: null, last_doc_id: null }),
    );
    const storage = new MemoryStorage();
    const client = createApiClient({ fetch, storage, now });
    const accounts = createAccountsApi(client);
    await accounts.login({ email: 'a@b.jp', password: 'password1' });
    await accounts.login({ email: 'a@b.jp', password: 'password1' });
    const stored = JSON.parse(storage.getItem(STORAGE_KEYS.userInfo)!);
    expect(stored).toMatchObject({
      access_token: 't1',
      is_infomation: 1,
      user_id: 'u1',
      email: 'a@b.jp',
      expires_at: clock + 3_600_000,
    });
    const bodies = calls.map((c) => JSON.parse(String(c.init.body)));
    expect(bodies[0].device_type).toBe('web');
    expect(bodies[0].device_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(bodies[1].device_id).toBe(bodies[0].device_id);
    expect(storage.getItem(STORAGE_KEYS.deviceId)).toBe(bodies[0].device_id);
  });

  it('switching character sends the device, stores the new session and drops the old profile', async () => {
    const storage = new MemoryStorage();
    const { fetch, calls } = fakeFetch((url) =>
      url.endsWith('/users/login')
        ? json(200, { data: session('parent', 3600, 1), status: 200, error: null, last_doc_id: null })
        : json(200, {
            data: { ...session('child', 3600, 0), user_id: 'u2' },
            status: 200,
            error: null,
            last_doc_id: null,
          }),
    );
    const client = createApiClient({ fetch, storage, now });
    const accounts = createAccountsApi(client);
    await accounts.login({ email: 'a@b.jp', password: 'password1' });
    client.session.update({ profile: { id: 'u1' } as never });
    await accounts.switchCharacter('u2');
    const switchCall = calls[1]!;
    expect(switchCall.url).toMatch(/\/users\/switch_character$/);
    expect(switchCall.init.headers).toMatchObject({ Authorization: 'Bearer parent' });
    const body = JSON.parse(String(switchCall.init.body));
    expect(body).toMatchObject({ id: 'u2', device_type: 'web', device_id: storage.getItem(STORAGE_KEYS.deviceId) });
    const stored = client.session.get()!;
    expect(stored).toMatchObject({ access_token: 'child', user_id: 'u2', is_infomation: 0, email: 'a@b.jp' });
    expect(stored.profile).toBeUndefined();
  });

  it('sign-up always sends agree_terms: true', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json(200, {
        data: { email: 'a@b.jp', is_active: 0, verify_code_expires_in: 600 },
        status: 200,
        error: null,
        last_doc_id: null,
      }),
    );
    const accounts = createAccountsApi(createApiClient({ fetch, storage: new MemoryStorage() }));
    await accounts.signUp({
      email: 'a@b.jp',
      confirm_email: 'a@b.jp',
      password: 'password1',
      confirm_password: 'password1',
    });
    expect(JSON.parse(String(calls[0]!.init.body)).agree_terms).toBe(true);
  });

  it('a signed-in 401 clears user_info and calls the unauthorized handler once per call', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json(401, { data: null, status: 401, error: 'x', code: 'unauthorized', last_doc_id: null }),
    );
    const storage = new MemoryStorage();
    const onUnauthorized = vi.fn();
    const client = createApiClient({ fetch, storage, now, onUnauthorized });
    client.session.setSession(session('old'));
    const error = (await client.call(accountsEndpoints.profile).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('unauthorized');
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer old');
    expect(storage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
    expect(client.session.get()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(client.session.endedBy).toBe('unauthorized');
  });

  it("a suspended person's login refusal carries the notice token, which a call sends as given without touching the session", async () => {
    const { fetch, calls } = fakeFetch((url) =>
      url.endsWith('/users/login')
        ? json(403, {
            data: null,
            status: 403,
            error: messages.accountRestricted,
            code: 'account_restricted',
            last_doc_id: null,
            notice_token: 'notice-jwt',
          })
        : json(401, { data: null, status: 401, error: 'x', code: 'unauthorized', last_doc_id: null }),
    );
    const onUnauthorized = vi.fn();
    const client = createApiClient({ fetch, storage: new MemoryStorage(), now, onUnauthorized });
    const refused = (await createAccountsApi(client)
      .login({ email: 'a@b.jp', password: 'password123' })
      .catch((e: unknown) => e)) as ApiError;
    expect(refused).toMatchObject({ code: 'account_restricted', noticeToken: 'notice-jwt' });
    expect(userMessage(refused)).toBe(messages.accountRestricted);
    // Another user is signed in on this browser meanwhile: the notice token's 401 leaves them be.
    client.session.setSession(session('someone-else'));
    const lapsed = (await client
      .call(accountsEndpoints.profile, { token: 'notice-jwt' })
      .catch((e: unknown) => e)) as ApiError;
    expect(lapsed.status).toBe(401);
    expect((calls[1]!.init.headers as Record<string, string>).Authorization).toBe('Bearer notice-jwt');
    expect(client.session.get()).not.toBeNull();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('refreshes the token shortly before it expires, once for concurrent calls', async () => {
    let refreshes = 0;
    const { fetch, calls } = fakeFetch((url, init) => {
      if (url.endsWith('/users/refresh_token')) {
        refreshes += 1;
        return json(200, { data: session('fresh', 3600), status: 200, error: null, last_doc_id: null });
      }
      return json(200, {
        data: { token: (init.headers as Record<string, string>).Authorization },
        status: 200,
        error: null,
        last_doc_id: null,
      });
    });
    const client = createApiClient({ fetch, storage: new MemoryStorage(), now, refreshMarginMs: 60_000 });
    client.session.setSession(session('old', 3600));

    await client.call(accountsEndpoints.profile);
    expect(refreshes).toBe(0);

    clock += 3_600_000 - 30_000; // 30 s left: inside the margin
    const [a, b] = await Promise.all([client.call(accountsEndpoints.profile), client.call(accountsEndpoints.profile)]);
    expect(refreshes).toBe(1);
    expect((a.data as unknown as { token: string }).token).toBe('Bearer fresh');
    expect((b.data as unknown as { token: string }).token).toBe('Bearer fresh');
    const refreshCall = calls.find((c) => c.url.endsWith('/users/refresh_token'))!;
    expect((refreshCall.init.headers as Record<string, string>).Authorization).toBe('Bearer old');
    expect(client.session.get()!.expires_at).toBe(clock + 3_600_000);
  });

  it('keeps the old token when a refresh fails for lack of network', async () => {
    const { fetch } = fakeFetch((url) =>
      url.endsWith('/refresh_token')
        ? Promise.reject(new TypeError('down'))
        : json(200, { data: {}, status: 200, error: null, last_doc_id: null }),
    );
    const client = createApiClient({ fetch, storage: new MemoryStorage(), now });
    client.session.setSession(session('old', 30));
    await client.call(accountsEndpoints.profile);
    expect(client.session.token).toBe('old');
  });

  describe('auto refresh timer', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('fires before expires_in runs out', async () => {
      let refreshed = 0;
      const { fetch } = fakeFetch(() => {
        refreshed += 1;
        return json(200, { data: session(`t${refreshed}`, 600), status: 200, error: null, last_doc_id: null });
      });
      const client = createApiClient({ fetch, storage: new MemoryStorage(), refreshMarginMs: 60_000 });
      client.session.setSession(session('t0', 600));
      const stop = client.startAutoRefresh();
      await vi.advanceTimersByTimeAsync(530_000);
      expect(refreshed).toBe(0);
      await vi.advanceTimersByTimeAsync(20_000);
      expect(refreshed).toBe(1);
      expect(client.session.token).toBe('t1');
      stop();
    });
  });

  it('restores the session only when user_info holds an access_token (spec §4)', () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.userInfo, JSON.stringify({ user_name: 'x' }));
    expect(createApiClient({ storage }).session.get()).toBeNull();
    storage.setItem(STORAGE_KEYS.userInfo, '{not json');
    expect(createApiClient({ storage }).session.get()).toBeNull();
    storage.setItem(STORAGE_KEYS.userInfo, JSON.stringify({ access_token: 'abc', is_infomation: 0 }));
    expect(createApiClient({ storage }).session.get()?.access_token).toBe('abc');
  });
});
