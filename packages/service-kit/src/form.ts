import multipart from '@fastify/multipart';
import { messages, type FieldErrors, type FormDef } from '@honne/contracts';
import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { AppError, fieldErrors } from './errors.ts';

/**
 * multipart/form-data bodies for the endpoints whose contract has a `form` (the spec's client
 * sends `PUT /users` and `POST /messages/signedFileUrl` as forms). A form is turned into the
 * object a JSON client would send, so one body schema and one handler serve both shapes:
 * a file part becomes the base64 string JSON carries, a field whose schema is an object is
 * parsed as JSON, and the rest stay text for the coercing validator (`isFormBody`).
 */

/** The same ceiling as a JSON body (`bodyLimit`), counted over every part of a form. */
export const FORM_BODY_LIMIT = 12 * 1024 * 1024;

const FORM_BODY = Symbol('form body');

/** True for a body read from a form: its text values are coerced ("3" → 3) when validated. */
export const isFormBody = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && (data as Record<symbol, unknown>)[FORM_BODY] === true;

const registered = new WeakSet<FastifyInstance>();

/**
 * Registers @fastify/multipart once per app (never in the gateway, which streams forms through
 * untouched). A form sent to an endpoint that takes none is refused with 415, as before.
 */
export function acceptForms(app: FastifyInstance): void {
  if (registered.has(app)) return;
  registered.add(app);
  void app.register(multipart, { limits: { fieldSize: FORM_BODY_LIMIT, parts: 100 } });
  app.addHook('preValidation', async (request) => {
    const config = request.routeOptions.config as { form?: FormDef };
    if (!config.form && request.isMultipart()) {
      // Read the rest of the body before answering: a client still sending would otherwise
      // see the connection close under it (EPIPE) instead of the answer.
      request.raw.resume();
      throw new AppError(415, 'unsupported_media_type', messages.invalidInput);
    }
  });
}

/** The route-level hook of a form endpoint: a multipart request's body becomes a plain object. */
export function formBodyHook(form: FormDef, schema: TSchema | undefined) {
  const properties = ((schema as { properties?: Record<string, TSchema> } | undefined)?.properties ?? {}) as Record<
    string,
    TSchema
  >;
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.isMultipart()) return;
    try {
      request.body = await readForm(request, form, properties);
    } catch (err) {
      if (err instanceof AppError) throw err;
      // A form that cannot be read (no boundary, a cut-off part, a limit crossed) is the
      // client's mistake, answered in the envelope; never a 500.
      const status = (err as { statusCode?: number }).statusCode;
      throw new AppError(status && status >= 400 && status < 500 ? status : 400, 'bad_request', messages.invalidInput);
    }
  };
}

async function readForm(
  request: FastifyRequest,
  form: FormDef,
  properties: Record<string, TSchema>,
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  let total = 0;
  const parts = request.parts({
    // A file over the limit is a field error (as the same image sent as base64 is), not a 413.
    throwFileSizeLimit: false,
    limits: {
      fileSize: form.maxFileBytes,
      files: form.files.length,
      fields: Object.keys(properties).length,
      fieldSize: FORM_BODY_LIMIT,
    },
  } as Parameters<FastifyRequest['parts']>[0]);
  for await (const part of parts) {
    const name = part.fieldname;
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (!form.files.includes(name)) errors[name] ??= messages.invalidInput;
      else if (part.file.truncated) errors[name] = form.fileTooLarge;
      // A form whose file input was left empty sends an empty part: as if the field were absent.
      else if (bytes.length > 0) put(body, errors, name, bytes.toString('base64'));
      total += bytes.length;
    } else {
      const text = String(part.value);
      if (part.valueTruncated) errors[name] ??= messages.invalidInput;
      else put(body, errors, name, fieldValue(properties[name], text));
      total += text.length;
    }
    if (total > FORM_BODY_LIMIT) throw new AppError(413, 'body_too_large', messages.invalidInput);
  }
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  Object.defineProperty(body, FORM_BODY, { value: true, enumerable: false });
  return body;
}

/** A field sent twice is ambiguous: refused rather than guessed. */
function put(body: Record<string, unknown>, errors: FieldErrors, name: string, value: unknown): void {
  if (name in body) errors[name] = messages.invalidInput;
  else body[name] = value;
}

/**
 * Forms carry text only; a field the schema expects as an object or array (userBloodSettings,
 * size) arrives as JSON text. Text that is not JSON stays text, and the schema then refuses it.
 */
function fieldValue(schema: TSchema | undefined, text: string): unknown {
  const type = (schema as { type?: unknown } | undefined)?.type;
  const structured = type === 'object' || type === 'array' || (schema !== undefined && type === undefined);
  if (!structured) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
