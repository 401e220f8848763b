import type { FieldErrors } from '@honne/contracts';
import { messages } from '@honne/contracts/messages';
import { isApiError } from '@honne/api-client';

export interface ShownError {
  /** Messages under each field the form has. */
  fieldErrors: FieldErrors;
  /** A message under the fields (login failure, a 403 about a field the form does not show). */
  formError?: string;
  /** A popup (offline, 想定しないエラーが発生しました。). */
  popup?: string;
}

/**
 * Where a failed call's message goes (spec §8): 403 field errors under their fields; the server's
 * message for any other 4xx under the fields; offline and unexpected failures in a popup; nothing
 * for a signed-in 401, which the shell handles once.
 */
export function showError(error: unknown, formFields: readonly string[]): ShownError {
  if (!isApiError(error)) return { fieldErrors: {}, popup: messages.unexpected };
  switch (error.kind) {
    case 'offline':
      return { fieldErrors: {}, popup: messages.offline };
    case 'unauthorized':
      return { fieldErrors: {} };
    case 'timeout':
    case 'network':
      return { fieldErrors: {}, popup: messages.unexpected };
    case 'http':
      break;
  }
  if (error.status >= 500) return { fieldErrors: {}, popup: messages.unexpected };
  const fieldErrors: FieldErrors = {};
  const others: string[] = [];
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    if (formFields.includes(field)) fieldErrors[field] = message;
    else others.push(message);
  }
  if (Object.keys(fieldErrors).length > 0 || others.length > 0) {
    return others.length > 0 ? { fieldErrors, formError: others.join('\n') } : { fieldErrors };
  }
  return { fieldErrors, formError: error.serverMessage ?? messages.unexpected };
}
