import type { Static, TSchema } from '@sinclair/typebox';

import { accountsEndpoints, type Session } from '@honne/contracts/accounts';
import type { EndpointDef, ErrorEnvelope } from '@honne/contracts/common';

import { ApiError, httpError } from './errors.ts';
import { SessionStore, defaultStorage, type KeyValueStorage } from './storage.ts';

/** Spec §7 and §9: every call gives up after 10 s. */
export const DEFAULT_TIMEOUT_MS = 10_000;
/** Refresh the token this long before it expires. */
export const DEFAULT_REFRESH_MARGIN_MS = 60_000;

type SchemaOf<E extends EndpointDef, K extends 'body' | 'querystring' | 'params'> = E['schema'][K] extends TSchema
  ? Static<E['schema'][K]>
  : undefined;

/** The `data` of an endpoint's 200 envelope, read from its contracts schema. */
export type DataOf<E extends EndpointDef> = E['schema']['response'][200] extends TSchema
  ? Static<E['schema']['response'][200]> extends { data: infer D }
    ? D
    : never
  : never;

export interface CallInput<E extends EndpointDef> {
  body?: SchemaOf<E, 'body'>;
  query?: SchemaOf<E, 'querystring'>;
  params?: SchemaOf<E, 'params'>;
  signal?: AbortSignal;
  /**
   * A token to send instead of the session's: a suspended person's notice token (the restricted
   * sign-in), which is no session, so it is neither refreshed nor does its 401 end one.
   */
  token?: string;
}

export interface CallResult<T> {
  data: T;
  status: number;
  last_doc_id: string | null;
}

export interface ApiClientOptions {
  /** Defaults to '/api/v1' on the page's origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  storage?: KeyValueStorage;
  timeoutMs?: number;
  refreshMarginMs?: number;
  now?: () => number;
  /** Defaults to navigator.onLine (true where there is no navigator). */
  isOnline?: () => boolean;
  /** Called once when a signed-in request gets 401; the session is already cleared. */
  onUnauthorized?: () => void;
}

export interface ApiClient {
  readonly session: SessionStore;
  readonly storage: KeyValueStorage;
  /** Calls one endpoint of the contracts; resolves with the envelope's data, throws ApiError. */
  call<E extends EndpointDef>(endpoint: E, input?: CallInput<E>): Promise<CallResult<DataOf<E>>>;
  /** Refreshes the token now if it expires within the margin (one refresh at a time). */
  ensureFreshToken(): Promise<void>;
  /** Keeps the token fresh with a timer until the returned function is called. */
  startAutoRefresh(): () => void;
  setUnauthorizedHandler(handler: (() => void) | undefined): void;
}

const defaultIsOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? '/api/v1').replace(/\/$/, '');
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const storage = options.storage ?? defaultStorage();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const marginMs = options.refreshMarginMs ?? DEFAULT_REFRESH_MARGIN_MS;
  const now = options.now ?? Date.now;
  const isOnline = options.isOnline ?? defaultIsOnline;
  let onUnauthorized = options.onUnauthorized;
  const session = new SessionStore(storage, now);
  let refreshing: Promise<void> | null = null;

  async function send<E extends EndpointDef>(
    endpoint: E,
    input: CallInput<E>,
    token: string | null,
  ): Promise<CallResult<DataOf<E>>> {
    // Spec §8: when the network is gone the call is not made at all.
    if (!isOnline()) throw new ApiError({ kind: 'offline' });

    const url = buildUrl(
      baseUrl,
      endpoint.url,
      input.params as Record<string, unknown> | undefined,
      input.query as Record<string, unknown> | undefined,
    );
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': 'ja', language: 'ja' };
    if (input.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onOuterAbort = () => controller.abort();
    input.signal?.addEventListener('abort', onOuterAbort);

    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: endpoint.method,
        headers,
        body: input.body === undefined ? null : JSON.stringify(input.body),
        signal: controller.signal,
        credentials: 'same-origin',
      });
    } catch (cause) {
      if (timedOut) throw new ApiError({ kind: 'timeout' });
      if (input.signal?.aborted) throw cause;
      throw new ApiError({ kind: 'network' });
    } finally {
      clearTimeout(timer);
      input.signal?.removeEventListener('abort', onOuterAbort);
    }

    const body = await readJson(response);
    if (response.ok) {
      const envelope = (body ?? {}) as { data?: unknown; status?: number; last_doc_id?: string | null };
      return {
        data: envelope.data as DataOf<E>,
        status: envelope.status ?? response.status,
        last_doc_id: envelope.last_doc_id ?? null,
      };
    }

    const error = (body ?? {}) as Partial<ErrorEnvelope>;
    if (response.status === 401 && token && token !== input.token) {
      // The session is over (expired, revoked, or another device logged in).
      session.clear('unauthorized');
      onUnauthorized?.();
      throw new ApiError({ kind: 'unauthorized', status: 401, code: error.code, serverMessage: error.error });
    }
    throw httpError(response.status, error);
  }

  async function refreshNow(): Promise<void> {
    const token = session.token;
    if (!token) return;
    const { data } = await send(accountsEndpoints.refresh, {}, token);
    session.setSession(data as Session);
  }

  function ensureFreshToken(): Promise<void> {
    const info = session.get();
    if (!info || info.expires_at - now() > marginMs) return Promise.resolve();
    refreshing ??= refreshNow()
      .catch((e: unknown) => {
        // A refresh that fails for lack of network keeps the old token: the next call decides.
        if (e instanceof ApiError && e.kind === 'unauthorized') throw e;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function call<E extends EndpointDef>(endpoint: E, input: CallInput<E> = {}): Promise<CallResult<DataOf<E>>> {
    if (endpoint.auth !== 'user') return send(endpoint, input, null);
    if (input.token) return send(endpoint, input, input.token);
    if ((endpoint as EndpointDef) !== accountsEndpoints.refresh) await ensureFreshToken();
    const token = session.token;
    if (!token) {
      onUnauthorized?.();
      throw new ApiError({ kind: 'unauthorized', status: 401 });
    }
    return send(endpoint, input, token);
  }

  function startAutoRefresh(): () => void {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      const info = session.get();
      if (!info) return;
      // setTimeout cannot wait longer than ~24.8 days; a long token is simply rechecked then.
      const wait = Math.min(Math.max(info.expires_at - now() - marginMs, 1000), 2 ** 31 - 1);
      timer = setTimeout(() => {
        ensureFreshToken().catch(() => undefined);
      }, wait);
    };
    const unsubscribe = session.subscribe(schedule);
    schedule();
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }

  return {
    session,
    storage,
    call,
    ensureFreshToken,
    startAutoRefresh,
    setUnauthorizedHandler: (handler) => {
      onUnauthorized = handler;
    },
  };
}

export function buildUrl(
  baseUrl: string,
  path: string,
  params?: Record<string, unknown>,
  query?: Record<string, unknown>,
): string {
  const filled = path.replace(/[:{](\w+)}?/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${baseUrl}${filled}${qs ? `?${qs}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
