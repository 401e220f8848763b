import { timingSafeEqual } from 'node:crypto';
import type { ServerOptions as HttpServerOptions } from 'node:http';

import { UUID_PATTERN, messages, type EndpointDef, type HealthStatus } from '@honne/contracts';
import type { RequestDef } from '@honne/contracts/events';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { Ajv, type ValidateFunction } from 'ajv';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';

import { IDENTITY_HEADERS, type Caller } from './auth.ts';
import { AppError, errorEnvelope, fieldErrors, unauthorized } from './errors.ts';
import { unsafeInputField } from './input.ts';
import type { Subscription } from './bus.ts';
import type { BaseContext } from './context.ts';
import { ok } from './envelope.ts';
import { instrumentHttp } from './metrics.ts';
import { tracingPlugin } from './tracing.ts';
import { acceptForms, formBodyHook, isFormBody } from './form.ts';

export type ServiceApp = FastifyInstance;

/**
 * JSON bodies are validated as sent: coercing them turned a null into '' or a 0 into null inside
 * nullable fields. Query strings, params and headers arrive as text, so they are coerced.
 * Bodies are closed (contracts' `endpoint()`), and an unknown key is refused rather than dropped,
 * so a client that sends a field we do not read hears so instead of believing it was saved.
 */
const bodyAjv = new Ajv({
  allErrors: true,
  removeAdditional: false,
  coerceTypes: false,
  useDefaults: true,
  strict: false,
});
/** A form's values are all text: coerced as a query string's are (see form.ts). */
const formAjv = new Ajv({
  allErrors: true,
  removeAdditional: true,
  coerceTypes: true,
  useDefaults: true,
  strict: false,
});
const textAjv = new Ajv({
  allErrors: true,
  removeAdditional: true,
  coerceTypes: 'array',
  useDefaults: true,
  strict: false,
});

/** The largest request body any service takes (a 9 MB image as base64 fits); the gateway holds to it too. */
export const MAX_BODY_BYTES = 12 * 1024 * 1024;

/** Server options a service may set beyond the kit's (the gateway's timeouts). */
export interface ServerOptions {
  connectionTimeout?: number;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  http?: HttpServerOptions;
  /** Which hops' forwarded headers name the client (`request.ip`); the gateway's trusted proxies. */
  trustProxy?: (address: string, hop: number) => boolean;
  /** `GET /metrics` on this app's port: not on the gateway's, which is public (it has METRICS_PORT). */
  serveMetrics?: boolean;
}

/**
 * The Fastify instance every service starts from: one error handler producing the envelope,
 * the health route, and identity taken from the gateway's headers.
 */
export function createServiceApp(ctx: BaseContext, options: ServerOptions = {}): FastifyInstance {
  const { serveMetrics = true, ...server } = options;
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    bodyLimit: MAX_BODY_BYTES,
    // A path the router cannot take (bad percent-encoding, a segment over the length limit)
    // answers in the envelope like everything else, not in Fastify's own shape.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as FastifyReply).status(status).send(errorEnvelope(status, 'bad_request', messages.invalidInput));
    },
    // Fastify's own serializers (fast-json-stringify: a response keeps only its schema's fields), each built at
    // a route's first answer rather than all at start-up: see `onFirstCall`.
    schemaController: { compilersFactory: { buildSerializer: lazySerializers } },
    ...server,
    http: server.http ?? null,
  }).withTypeProvider<TypeBoxTypeProvider>();
  // First, so its request span wraps every route and hook registered after it.
  const tracing = tracingPlugin(app, ctx.config.service);
  if (tracing) void app.register(tracing);
  app.setValidatorCompiler(({ schema, httpPart }) => validator(schema as TSchema, httpPart));

  // Before the schema: Ajv's own walk is recursive, and no schema says "no NUL".
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const field = unsafeInputField(value, part);
      if (field !== undefined) throw fieldErrors({ [field]: messages.invalidInput });
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ ...errorEnvelope(error.status, error.code, error.message, error.errors), ...error.extra });
    }
    if (error.validation) {
      const { status, body } = shapeError(error.validation, error.validationContext);
      return reply.status(status).send(body);
    }
    if (isDataError(error)) {
      // The database could not read a value as its column's type (an id that is no UUID, a
      // number out of range): the input was wrong, so it is the client's error, as a 403.
      request.log.warn({ err: error }, 'input the database refused');
      return reply.status(403).send(errorEnvelope(403, 'validation', messages.invalidInput));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        status === 429 ? messages.rateLimited : status === 413 ? messages.payloadTooLarge : messages.invalidInput;
      return reply.status(status).send(errorEnvelope(status, error.code ?? 'bad_request', message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorEnvelope(500, 'internal', messages.unexpected));
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send(errorEnvelope(404, 'not_found', messages.notFound)),
  );

  instrumentHttp(app, ctx.config.service, { serve: serveMetrics });

  app.get('/health', async (_request, reply) => {
    const health = await checkHealth(ctx);
    return reply.status(health.status === 'ok' ? 200 : 503).send(ok(health));
  });

  return app;
}

/**
 * Why schemas compile at first use (issue 31): the embedded start runs six services' ~170 endpoints in
 * one process, and compiling each one's validators and response serializers up front cost a fifth of
 * the start's CPU and held their generated code in memory for routes an idle server never answers.
 * Compiled once, at a route's first request, each then runs as before. A schema Ajv or
 * fast-json-stringify cannot compile fails that route's first request instead of the start (the
 * service suites call every endpoint).
 */
function onFirstCall<A extends unknown[], R>(compile: () => (...args: A) => R): (...args: A) => R {
  let compiled: ((...args: A) => R) | undefined;
  return (...args) => (compiled ??= compile())(...args);
}

/** Fastify's default serializer factory, each serializer built at its route's first answer. */
const lazySerializers: typeof SerializerSelector extends () => infer F ? F : never = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  return (route) => onFirstCall(() => compile(route));
};

/**
 * A request part's validator: a body's schema serves both shapes (JSON validated as sent, a form's
 * text coerced); query strings, params and headers are text, coerced. Each Ajv function is compiled
 * at first use (`onFirstCall` says why); its errors are handed on as Fastify reads them.
 */
function validator(schema: TSchema, httpPart: string | undefined) {
  let json: ValidateFunction | undefined;
  let form: ValidateFunction | undefined;
  const validate = (data: unknown): boolean => {
    const check =
      httpPart !== 'body'
        ? (json ??= textAjv.compile(schema))
        : isFormBody(data)
          ? (form ??= formAjv.compile(schema))
          : (json ??= bodyAjv.compile(schema));
    const valid = check(data);
    validate.errors = check.errors;
    return valid;
  };
  validate.errors = null as ValidateFunction['errors'];
  return validate;
}

/** PostgreSQL's class 22, "data exception" (PGlite reports the same codes). */
function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

type ShapeErrors = readonly { keyword: string; params: unknown; instancePath: string }[];

/**
 * What a request the schema refused gets. An id that is no UUID names nothing, so it is answered
 * as a well-formed id that names nothing is (404), and the handler never runs: such ids reached
 * PostgreSQL before (contracts' `Uuid`). Any other shape error: 403 per field.
 */
function shapeError(validation: ShapeErrors, context: string | undefined) {
  const badIds = new Set(
    validation
      .filter((v) => v.keyword === 'pattern' && (v.params as { pattern?: string }).pattern === UUID_PATTERN)
      .map((v) => v.instancePath),
  );
  const onlyIds = badIds.size > 0 && validation.every((v) => badIds.has(v.instancePath));
  if (onlyIds) return { status: 404, body: errorEnvelope(404, 'not_found', messages.notFound) };
  return { status: 403, body: validationEnvelope(validation, context) };
}

/** Shape errors (a number where a string belongs, unknown enum values): 403 per field, as for rule errors. */
function validationEnvelope(validation: ShapeErrors, context: string | undefined) {
  const errors: Record<string, string> = {};
  for (const v of validation) {
    const { missingProperty, additionalProperty } = v.params as {
      missingProperty?: string;
      additionalProperty?: string;
    };
    const nested = v.instancePath.split('/').filter(Boolean)[0];
    const field = missingProperty ?? nested ?? additionalProperty ?? context ?? 'body';
    errors[field] ??= messages.invalidInput;
  }
  return errorEnvelope(403, 'validation', messages.invalidInput, errors);
}

async function checkHealth(ctx: BaseContext): Promise<HealthStatus> {
  const checks: HealthStatus['checks'] = {};
  const run = async (name: string, fn: () => Promise<unknown>) => {
    try {
      await fn();
      checks[name] = 'ok';
    } catch (err) {
      checks[name] = err instanceof Error ? err.message : String(err);
    }
  };
  await Promise.all([
    run('cache', () => ctx.cache.ping()),
    run('bus', () => ctx.bus.flush()),
    ...(ctx.healthChecks ?? []).map(([n, f]) => run(n, f)),
  ]);
  return {
    service: ctx.config.service,
    status: Object.values(checks).every((c) => c === 'ok') ? 'ok' : 'degraded',
    checks,
  };
}

type Part<E extends EndpointDef, K extends 'body' | 'querystring' | 'params'> = E['schema'][K] extends TSchema
  ? Static<E['schema'][K]>
  : undefined;

export interface RouteInput<E extends EndpointDef> {
  body: Part<E, 'body'>;
  query: Part<E, 'querystring'>;
  params: Part<E, 'params'>;
  /** Present on every `auth: 'user'` endpoint; the handler never runs without it. */
  caller: E['auth'] extends 'user' ? Caller : Caller | undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions {
  /**
   * For `auth: 'console'` endpoints: the owning service's check of the operator's token or API key
   * against the endpoint's `permission` (it throws to refuse, before any input is read).
   */
  authorize?(request: FastifyRequest, def: EndpointDef): Promise<void>;
}

/**
 * Registers one endpoint of the contracts with its schema; `auth: 'user'` endpoints only run
 * for a caller the gateway vouched for.
 */
export function route<E extends EndpointDef>(
  app: FastifyInstance,
  ctx: BaseContext,
  def: E,
  handler: (input: RouteInput<E>) => Promise<unknown>,
  options: RouteOptions = {},
): void {
  if (def.form) acceptForms(app);
  app.route({
    method: def.method,
    url: def.url,
    schema: def.schema,
    config: { form: def.form } as object,
    // Who may call comes before what they sent: a stranger learns nothing of the input's shape,
    // and no input is read for them.
    onRequest: async (request) => {
      if (def.auth === 'user' && !callerFrom(request, ctx.config.internalToken)) throw unauthorized();
      // Closed unless the owning service checks it: a console endpoint registered without a check refuses all.
      if (def.auth === 'console') {
        if (!options.authorize) throw unauthorized(messages.operatorOnly);
        await options.authorize(request, def);
      }
    },
    ...(def.form
      ? { preValidation: formBodyHook(def.form, def.schema.body) }
      : bodyMayBeAbsent(def.schema.body)
        ? { preValidation: absentBodyIsEmpty }
        : {}),
    handler: async (request, reply) => {
      const caller = callerFrom(request, ctx.config.internalToken);
      if (def.auth === 'user' && !caller) throw unauthorized();
      return handler({
        body: request.body as Part<E, 'body'>,
        query: request.query as Part<E, 'querystring'>,
        params: request.params as Part<E, 'params'>,
        caller: caller as RouteInput<E>['caller'],
        request,
        reply,
      });
    },
  });
}

/**
 * A body whose every field is optional may be left out (the spec's client posts some requests with
 * no body at all, e.g. POST /users/deleteUser, where the app adds an optional field): absent, it is
 * read as `{}` instead of failing the schema's "must be object".
 */
function bodyMayBeAbsent(schema: unknown): boolean {
  const s = schema as { type?: unknown; required?: unknown[] } | undefined;
  return !!s && s.type === 'object' && (!s.required || s.required.length === 0);
}

async function absentBodyIsEmpty(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}

/** The bus request of a socket command: the caller the gateway authenticated and the client's body. */
type CommandRequest = RequestDef & {
  request: TSchema & { static: { user_id: string; session_id: string; body: unknown } };
  reply: TSchema & { static: { status: number; body: unknown } };
};

/**
 * Answers a socket command (`realtimeCommands`: the gateway forwards a client's `command` frame as
 * a bus request) exactly as `route()` answers the same endpoint over HTTP: the body validated by
 * the same rules, the caller as the gateway vouched for it, the handler's envelope with 200, or the
 * error's status and envelope.
 */
export function respondCommand<E extends EndpointDef & { auth: 'user' }>(
  ctx: BaseContext,
  command: CommandRequest,
  def: E,
  handler: (input: { body: Part<E, 'body'>; caller: Caller }) => Promise<unknown>,
): Subscription {
  const validate = def.schema.body ? bodyAjv.compile(def.schema.body) : undefined;
  return ctx.bus.respond(
    command,
    async ({ user_id, session_id, body }) => {
      const unsafe = unsafeInputField(body);
      if (unsafe !== undefined) {
        const envelope = errorEnvelope(403, 'validation', messages.invalidInput, { [unsafe]: messages.invalidInput });
        return { status: 403, body: envelope };
      }
      if (validate && !validate(body)) return shapeError(validate.errors ?? [], 'body');
      try {
        const data = await handler({
          body: body as Part<E, 'body'>,
          caller: { userId: user_id, sessionId: session_id },
        });
        return { status: 200, body: data };
      } catch (error) {
        if (error instanceof AppError) {
          return { status: error.status, body: errorEnvelope(error.status, error.code, error.message, error.errors) };
        }
        if (isDataError(error)) return { status: 403, body: errorEnvelope(403, 'validation', messages.invalidInput) };
        ctx.log.error({ err: error, command: command.subject }, 'unhandled command error');
        return { status: 500, body: errorEnvelope(500, 'internal', messages.unexpected) };
      }
    },
    { queue: ctx.config.service },
  );
}

function callerFrom(request: FastifyRequest, internalToken: string): Caller | undefined {
  const h = request.headers;
  const token = h[IDENTITY_HEADERS.internalToken];
  const userId = h[IDENTITY_HEADERS.userId];
  const sessionId = h[IDENTITY_HEADERS.sessionId];
  if (typeof token !== 'string' || typeof userId !== 'string' || typeof sessionId !== 'string') return undefined;
  const a = Buffer.from(token);
  const b = Buffer.from(internalToken);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return undefined;
  return { userId, sessionId };
}
