import { messages, type FieldErrors } from '@honne/contracts';

/**
 * offline: navigator said offline, no request was made. timeout: no answer in 10 s.
 * network: the request failed without a response. http: the server answered with an error
 * envelope. unauthorized: a signed-in request got 401 (the session is gone).
 */
export type ApiErrorKind = 'offline' | 'timeout' | 'network' | 'http' | 'unauthorized';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when there was no response. */
  readonly status: number;
  /** The envelope's machine-readable code, when the server sent one. */
  readonly code: string | undefined;
  /** Per-field Japanese messages (403 validation), shown under each field. */
  readonly fieldErrors: FieldErrors;
  /** The envelope's `error` text, when the server sent one. */
  readonly serverMessage: string | undefined;
  /** A suspended person's restricted sign-in (`account_restricted`): it reads notices and appeals. */
  readonly noticeToken: string | undefined;

  constructor(init: {
    kind: ApiErrorKind;
    status?: number;
    code?: string | undefined;
    fieldErrors?: FieldErrors | undefined;
    serverMessage?: string | undefined;
    noticeToken?: string | undefined;
    message?: string;
  }) {
    super(init.message ?? defaultMessage(init.kind, init.serverMessage));
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? {};
    this.serverMessage = init.serverMessage;
    this.noticeToken = init.noticeToken;
  }

  get hasFieldErrors(): boolean {
    return Object.keys(this.fieldErrors).length > 0;
  }
}

function defaultMessage(kind: ApiErrorKind, serverMessage: string | undefined): string {
  if (kind === 'offline') return messages.offline;
  if (kind === 'unauthorized') return messages.forcedLogout;
  return serverMessage ?? messages.unexpected;
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** The error for a server's error answer (any status but 401): its status, code, message and field messages. */
export function httpError(status: number, body: unknown): ApiError {
  const error = (body ?? {}) as { code?: string; error?: unknown; errors?: FieldErrors; notice_token?: unknown };
  return new ApiError({
    kind: 'http',
    status,
    code: error.code,
    fieldErrors: error.errors,
    serverMessage: typeof error.error === 'string' ? error.error : undefined,
    noticeToken: typeof error.notice_token === 'string' ? error.notice_token : undefined,
  });
}

/**
 * The sentence to show a person for any failure (spec §8): the offline text when offline; the
 * server's own Japanese message for a 4xx that carries one (wrong password, too many requests);
 * otherwise 想定しないエラーが発生しました。
 */
export function userMessage(e: unknown): string {
  if (!isApiError(e)) return messages.unexpected;
  if (e.kind === 'offline') return messages.offline;
  if (e.kind === 'unauthorized') return messages.forcedLogout;
  if (e.kind === 'http' && e.status < 500 && e.serverMessage) return e.serverMessage;
  return messages.unexpected;
}
