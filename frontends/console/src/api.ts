import { ApiError, buildUrl, type CallInput, type DataOf } from '@honne/api-client';
import type { EndpointDef } from '@honne/contracts/common';
import { ROLE_PERMISSIONS, safetyEndpoints, type OperatorRole, type Permission } from '@honne/contracts/safety';

import { strings } from './strings.ts';

const TOKEN_KEY = 'honne.console.session';

export interface ConsoleSession {
  token: string;
  expires_at: string;
  operator: { id: string; email: string; role: string };
}

/**
 * The operator's session, kept for this tab only (sessionStorage): an operator's token is worth more
 * than a user's, so it does not outlive the tab, and the server ends it after SAFETY_SESSION_HOURS.
 */
export const sessionStore = {
  read(): ConsoleSession | null {
    try {
      const raw = sessionStorage.getItem(TOKEN_KEY);
      const s = raw ? (JSON.parse(raw) as ConsoleSession) : null;
      return s && new Date(s.expires_at).getTime() > Date.now() ? s : null;
    } catch {
      return null;
    }
  },
  write(s: ConsoleSession | null): void {
    if (s) sessionStorage.setItem(TOKEN_KEY, JSON.stringify(s));
    else sessionStorage.removeItem(TOKEN_KEY);
  },
};

let onUnauthorized: (() => void) | undefined;
/** The app signs out (back to the sign-in screen) when any console call answers 401. */
export const setUnauthorizedHandler = (handler: (() => void) | undefined) => {
  onUnauthorized = handler;
};

/** One console endpoint of the contracts, with the operator's bearer; resolves with the envelope's data. */
export async function call<E extends EndpointDef>(endpoint: E, input: CallInput<E> = {}): Promise<DataOf<E>> {
  const url = buildUrl(
    '/api/v1',
    endpoint.url,
    input.params as Record<string, unknown> | undefined,
    input.query as Record<string, unknown> | undefined,
  );
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': 'ja' };
  if (input.body !== undefined) headers['Content-Type'] = 'application/json';
  const session = sessionStore.read();
  if (session && endpoint.auth === 'console') headers.Authorization = `Bearer ${session.token}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: endpoint.method,
      headers,
      body: input.body === undefined ? null : JSON.stringify(input.body),
      signal: input.signal ?? null,
    });
  } catch {
    throw new ApiError({ kind: 'network', message: strings.loadFailed });
  }
  const json = (await res.json().catch(() => ({}))) as {
    data?: unknown;
    error?: string;
    code?: string;
    errors?: Record<string, string>;
  };
  if (res.status === 401 && endpoint.auth === 'console') {
    sessionStore.write(null);
    onUnauthorized?.();
    throw new ApiError({ kind: 'unauthorized', status: 401, message: strings.sessionEnded });
  }
  if (!res.ok) {
    throw new ApiError({
      kind: 'http',
      status: res.status,
      code: json.code,
      fieldErrors: json.errors,
      serverMessage: json.error,
      message: json.error ?? strings.unexpected,
    });
  }
  return json.data as DataOf<E>;
}

/** Whether an operator's role holds a permission: what the console offers them (the server decides all the same). */
export const roleMay = (role: string) => (p: Permission) => (ROLE_PERMISSIONS[role as OperatorRole] ?? []).includes(p);

export const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : strings.unexpected);

export { safetyEndpoints };
