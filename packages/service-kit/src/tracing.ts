import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance, FastifyPluginCallback } from 'fastify';

/**
 * Traces (ADR 0029): OpenTelemetry from the kit, the same way in every service. Off unless
 * OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) names a collector: then
 * nothing of the SDK is even loaded (its modules are imported on start only), no span is made and
 * no header or column is written. Nothing here patches `require`: the servers run as esbuild
 * bundles (ADR 0012), where require-patching instrumentations find nothing to patch. Requests are
 * traced by @fastify/otel (a plugin), queries by a wrapping kysely dialect (db.ts), outgoing HTTP
 * by undici's diagnostics channel, the bus by the kit (context in NATS headers, one per item of a
 * batch; in the outbox row), socket writes by the gateway.
 */
let on = false;
let fastifyPlugin: FastifyPluginCallback | undefined;
let stop: (() => Promise<void>) | undefined;

export const tracingOn = (): boolean => on;

export interface TracingOptions {
  /** Tests: spans go here (exported as they end) instead of over OTLP. */
  exporter?: SpanExporter;
  env?: NodeJS.ProcessEnv;
}

/**
 * Starts tracing for this process, once (the embedded start runs every service in one process;
 * the first service to start names the resource, and each span names its service).
 */
export async function startTracing(service: string, options: TracingOptions = {}): Promise<void> {
  const env = options.env ?? process.env;
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (on || (!endpoint && !options.exporter)) return;
  on = true;
  const [{ NodeTracerProvider }, base, { resourceFromAttributes }, { FastifyOtelInstrumentation }, instr, undici] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-node').then(commonJs),
      import('@opentelemetry/sdk-trace-base').then(commonJs),
      import('@opentelemetry/resources').then(commonJs),
      import('@fastify/otel').then(commonJs),
      import('@opentelemetry/instrumentation').then(commonJs),
      import('@opentelemetry/instrumentation-undici').then(commonJs),
    ]);
  let exporter = options.exporter;
  if (!exporter) {
    const { OTLPTraceExporter } = commonJs(await import('@opentelemetry/exporter-trace-otlp-http'));
    exporter = new OTLPTraceExporter(); // reads the OTEL_EXPORTER_OTLP_* variables itself
  }
  const processor = options.exporter
    ? new base.SimpleSpanProcessor(exporter)
    : new base.BatchSpanProcessor(exporter, { maxQueueSize: 8192 });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME ?? `honne-${service}` }),
    spanProcessors: [processor],
  });
  provider.register();
  const fastify = new FastifyOtelInstrumentation({
    // One span a request: no span per hook, nor one for the handler (named by its source text).
    instrumentHooks: false,
    instrumentHandler: false,
    // Health checks (the gateway's asks every upstream) and scrapes would be most traces of an idle system.
    ignorePaths: ({ url }) => /\/(?:health|metrics)(?:\?|$)/.test(url),
    // The embedded start serves every service from one process: each request span names its own.
    requestHook: (span, request) => {
      const name = serviceOf(request.server);
      if (name) span.setAttribute('honne.service', name);
    },
  });
  fastify.setTracerProvider(provider);
  fastifyPlugin = fastify.plugin();
  const unregister = instr.registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [new undici.UndiciInstrumentation()],
  });
  stop = async () => {
    unregister();
    await provider.shutdown();
    trace.disable();
    context.disable();
    propagation.disable();
    on = false;
    fastifyPlugin = undefined;
  };
}

/**
 * A CommonJS package imported on demand: under tsx its names are on the namespace; in an esbuild
 * bundle (ADR 0012) they are on its `default`, the module's `exports`.
 */
function commonJs<M extends object>(mod: M): M {
  const exports = (mod as { default?: unknown }).default;
  // (A module that is one function with its names as properties, like @fastify/otel, too.)
  if (!exports || (typeof exports !== 'object' && typeof exports !== 'function')) return mod;
  return { ...(exports as M), ...pickDefined(mod) };
}

const pickDefined = <M extends object>(mod: M): Partial<M> =>
  Object.fromEntries(Object.entries(mod).filter(([, v]) => v !== undefined)) as Partial<M>;

/** Ends tracing and flushes what is pending (tests; a process that exits flushes on SIGTERM). */
export async function stopTracing(): Promise<void> {
  await stop?.();
  stop = undefined;
}

const services = new WeakMap<object, string>();

/** An app's service, from the instance a route was registered on (a child's prototype is its parent). */
function serviceOf(instance: object | null): string | undefined {
  for (let i = instance; i; i = Object.getPrototypeOf(i) as object | null) {
    const name = services.get(i);
    if (name) return name;
  }
  return undefined;
}

/** The request-span plugin for a service's Fastify app (undefined when tracing is off). */
export function tracingPlugin(app: FastifyInstance, service: string): FastifyPluginCallback | undefined {
  if (fastifyPlugin) services.set(app, service);
  return fastifyPlugin;
}

const tracer = () => trace.getTracer('honne');

/**
 * Runs `fn` in a new span (when tracing is on), ending it when `fn` settles and marking a throw as
 * an error. Off: `fn` alone.
 */
export function inSpan<T>(
  name: string,
  kind: SpanKind,
  attributes: Attributes,
  fn: (span: Span | undefined) => Promise<T> | T,
): Promise<T> | T {
  if (!on) return fn(undefined);
  return tracer().startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw err;
    } finally {
      span.end();
    }
  });
}

/**
 * `inSpan` only inside a trace: work no request or event started (a periodic job's statements,
 * the outbox relay's polling every second) would otherwise be a stream of one-span traces.
 */
export function inChildSpan<T>(
  name: string,
  kind: SpanKind,
  attributes: Attributes,
  fn: (span: Span | undefined) => Promise<T> | T,
): Promise<T> | T {
  return on && trace.getActiveSpan()?.isRecording() ? inSpan(name, kind, attributes, fn) : fn(undefined);
}

export { SpanKind };

/** Where a trace crosses NATS: a message's header (W3C's own name). */
export const TRACEPARENT_HEADER = 'traceparent';
/** A batch's items each carry their own trace: their `traceparent`s in item order, blank for none. */
export const BATCH_TRACES_HEADER = 'Honne-Traces';

/** The active trace as a W3C `traceparent` (what crosses the bus and the outbox); undefined when off. */
export function traceparent(): string | undefined {
  if (!on) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** Runs `fn` as part of the trace a `traceparent` names (the other side of the bus). */
export function withTraceparent<T>(parent: string | null | undefined, fn: () => T): T {
  if (!on || !parent) return fn();
  const ctx: Context = propagation.extract(context.active(), { traceparent: parent });
  return context.with(ctx, fn);
}

/** The active span's ids, for log lines (pino's mixin). */
export function traceIds(): { trace_id: string; span_id: string } | undefined {
  if (!on) return undefined;
  const span = trace.getActiveSpan();
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
