import { messages, type ErrorEnvelope, type FieldErrors } from '@honne/contracts';

/**
 * The one error type routes throw. The error handler turns it into the envelope; anything else
 * becomes a 500 with the generic message and a logged stack.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldErrors,
    /** Fields the envelope carries beside the error (`notice_token` of a restricted sign-in). */
    readonly extra?: Pick<ErrorEnvelope, 'notice_token'>,
  ) {
    super(message);
  }
}

/** 403 with per-field messages, as the spec's client expects for validation failures. */
export const fieldErrors = (errors: FieldErrors, message: string = firstMessage(errors)) =>
  new AppError(403, 'validation', message, errors);

export const unauthorized = (message: string = messages.sessionExpired) => new AppError(401, 'unauthorized', message);
export const forbidden = (message: string = messages.forbidden) => new AppError(403, 'forbidden', message);
export const notFound = (message: string = messages.notFound) => new AppError(404, 'not_found', message);

function firstMessage(errors: FieldErrors): string {
  return Object.values(errors)[0] ?? messages.invalidInput;
}

export const errorEnvelope = (status: number, code: string, message: string, errors?: FieldErrors): ErrorEnvelope => ({
  data: null,
  status,
  error: message,
  code,
  ...(errors ? { errors } : {}),
  last_doc_id: null,
});

/** Throws the field errors if there are any; validators return `{}` when the input is fine. */
export function assertNoFieldErrors(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
}
