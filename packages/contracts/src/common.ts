import { Type, type Static, type TSchema } from '@sinclair/typebox';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Field name → Japanese message, as the spec's client shows them under each field. */
export const FieldErrors = Type.Record(Type.String(), Type.String());
export type FieldErrors = Static<typeof FieldErrors>;

/**
 * Every response is wrapped in this envelope. On failure `data` is null, `error` holds the
 * message to show and `errors` the per-field messages (403 on validation, as the spec's client expects).
 */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    data,
    status: Type.Integer(),
    error: Type.Null(),
    last_doc_id: Nullable(Type.String()),
  });

export const ErrorEnvelope = Type.Object({
  data: Type.Null(),
  status: Type.Integer(),
  error: Type.String(),
  code: Type.String(),
  errors: Type.Optional(FieldErrors),
  last_doc_id: Type.Null(),
  /**
   * With `account_restricted` only: a token that may read the person's moderation notices and
   * appeal (endpoints marked `whileRestricted`), nothing else (issue 27).
   */
  notice_token: Type.Optional(Type.String()),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

export interface Envelope<T> {
  data: T;
  status: number;
  error: null;
  last_doc_id: string | null;
}

export const PageQuery = Type.Object({
  last_doc_id: Type.Optional(Type.String({ maxLength: 64 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type PageQuery = Static<typeof PageQuery>;

/**
 * Every id a client sends names a row keyed by a UUID (users, voices, themes, rooms, messages,
 * images, calls, sign-ups), so the schema says so: a malformed id is a 403 field error before any
 * handler or query runs. Checked only in handlers, some reached PostgreSQL, which refused them as
 * "invalid input syntax for type uuid" (the calls service's `/rooms/{id}/callanswer` with a made-up
 * `signal_id`). `packages/contracts/test/bodies.test.ts` holds every id-named input to this.
 */
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
export const Uuid = () => Type.String({ maxLength: 36, pattern: UUID_PATTERN });

export const IdParams = Type.Object({ id: Uuid() });

export const Ok = Type.Object({ ok: Type.Boolean() });

export const HealthStatus = Type.Object({
  service: Type.String(),
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  checks: Type.Record(Type.String(), Type.Union([Type.Literal('ok'), Type.String()])),
});
export type HealthStatus = Static<typeof HealthStatus>;

export type ServiceName = 'accounts' | 'topics' | 'chat' | 'calls' | 'points' | 'safety';
export const SERVICE_NAMES: readonly ServiceName[] = ['accounts', 'topics', 'chat', 'calls', 'points', 'safety'];

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One HTTP endpoint as the whole system sees it: the owning service registers its handler with
 * this schema, the gateway reads `auth` and `rateLimit` from it, and the OpenAPI document is
 * generated from it. One definition, three uses.
 */
export interface EndpointDef {
  method: HttpMethod;
  url: string;
  service: ServiceName;
  summary: string;
  /**
   * Operators call only 'console' endpoints (the shared OPERATOR_TOKEN is gone, ADR 0034): the
   * points operator API is under /admin/safety too.
   */
  auth: 'public' | 'user' | 'console';
  /**
   * 'console' endpoints (the moderation console, /admin/safety/…): the operator's session token or
   * an API key as `Authorization: Bearer …`, passed through by the gateway and checked by safety,
   * which allows the call when the operator's role (or the key's scopes) holds this permission.
   */
  permission?: string;
  /** 'auth' endpoints get the stricter limit (login, sign-up, verify, reset). */
  rateLimit?: 'auth';
  /**
   * A suspended or banned person's restricted sign-in (`notice_token`) may call this 'user'
   * endpoint: their notices, the appeal, お問い合わせ. The gateway refuses it everything else.
   */
  whileRestricted?: true;
  /**
   * Also accepts the body as multipart/form-data (the spec's client sends some forms): files are
   * read as base64 into the same string fields JSON carries, JSON-valued fields are parsed, and
   * the one body schema then checks both shapes.
   */
  form?: FormDef;
  schema: {
    body?: TSchema;
    querystring?: TSchema;
    params?: TSchema;
    response: Record<number, TSchema>;
  };
}

export interface FormDef {
  /** Fields that may arrive as a file part. */
  files: readonly string[];
  /** The largest file accepted, in bytes; a larger one gets `fileTooLarge` under its field. */
  maxFileBytes: number;
  fileTooLarge: string;
}

/** The widest integer an input may carry: PostgreSQL's `integer`, which most of our columns are. */
export const INT_INPUT_MAX = 2_147_483_647;

/**
 * What a client may send, made safe to take as given:
 * - every object is closed to keys it does not name. Ajv's `removeAdditional` does nothing to an
 *   object without `additionalProperties: false`, so unknown keys reached handlers (a `user_id` in
 *   `POST /users/filter` rewrote another user's filter). Bodies refuse them, query strings drop them.
 * - every number is bounded to a PostgreSQL `integer` unless it says otherwise: `since=2^53`
 *   reached the database and came back as a 500.
 * A copy, so a schema shared with responses stays as it was; `Type.Record` and explicit choices
 * are kept.
 */
export function inputSchema<T extends TSchema>(schema: T): T {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const copy: Record<string | symbol, unknown> = { ...(node as Record<string | symbol, unknown>) };
    for (const key of Object.keys(copy)) copy[key] = walk(copy[key]);
    if (copy.type === 'object' && copy.additionalProperties === undefined && copy.patternProperties === undefined)
      copy.additionalProperties = false;
    if (copy.type === 'integer' || copy.type === 'number') {
      copy.maximum ??= INT_INPUT_MAX;
      copy.minimum ??= -INT_INPUT_MAX - 1;
    }
    return copy;
  };
  return walk(schema) as T;
}

/** Every input is made safe here, where all endpoints are defined (see `inputSchema`). */
export const endpoint = <const E extends EndpointDef>(def: E): E => {
  const { body, querystring, params } = def.schema;
  return {
    ...def,
    schema: {
      ...def.schema,
      ...(body && { body: inputSchema(body) }),
      ...(querystring && { querystring: inputSchema(querystring) }),
      ...(params && { params: inputSchema(params) }),
    },
  };
};

/**
 * A `status` as the spec's client sends a yes or no (confirmrequestpaidcall, confirmbonuschat: "truthy
 * = accepted"): a boolean, 0/1, or their text. Yes is 1, true, "1" or "true".
 */
export const SpecStatus = Type.Union([
  Type.Boolean(),
  Type.Integer({ minimum: 0, maximum: 1 }),
  Type.String({ maxLength: 10 }),
]);
export const isTruthyStatus = (status: unknown): boolean =>
  status === true || status === 1 || status === '1' || status === 'true';
