import { createServer, type Server } from 'node:http';

import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

import type { Bus } from './bus.ts';
import { inSpan, SpanKind, tracingOn } from './tracing.ts';

/**
 * One registry per process: an instance is a process, and Prometheus scrapes each (issue 29). The
 * embedded start runs every service in one process, so each service's `/metrics` shows the same
 * registry, told apart by the `service` label.
 *
 * Labels never carry a user, room or message id: routes are templates (`/rooms/:id`), bus subjects
 * are the contracts' definitions, statuses are codes. `/metrics` is on each service's own port,
 * which the gateway does not proxy; the gateway's own is on METRICS_PORT, never on its public one.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'honne_process_' });

const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

const httpRequests = new Counter({
  name: 'honne_http_requests_total',
  help: 'HTTP requests answered, by service, method, route template and status code',
  labelNames: ['service', 'method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});
/** A duration in seconds, on the buckets every duration here shares (so their quantiles compare). */
const secondsHistogram = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
  new Histogram<L>({ name, help, labelNames, buckets: SECONDS, registers: [metricsRegistry] });

const httpDuration = secondsHistogram(
  'honne_http_request_duration_seconds',
  'Time from a request to its answer, by service, method and route template',
  ['service', 'method', 'route'] as const,
);
type BusLabel = 'service' | 'subject' | 'kind' | 'outcome';

/** The two sides of the bus count alike: what was sent, what was handled. */
const busCounter = (name: string, what: string) =>
  new Counter({
    name,
    help: `Bus events and requests ${what}, by service, subject and outcome (ok, error)`,
    labelNames: ['service', 'subject', 'kind', 'outcome'] as const,
    registers: [metricsRegistry],
  });
const busPublished = busCounter('honne_bus_published_total', 'sent');
const busHandled = busCounter('honne_bus_handled_total', 'handled');
const busDuration = secondsHistogram(
  'honne_bus_duration_seconds',
  'Time to handle a bus event or to get a request answered, by service, subject and side',
  ['service', 'subject', 'side'] as const,
);

/** A counter of the product's own (messages accepted, rings, filter hits …), registered once per name. */
export function productCounter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
  const existing = metricsRegistry.getSingleMetric(name);
  if (existing) return existing as Counter<L>;
  return new Counter({ name, help, labelNames, registers: [metricsRegistry] });
}

/** A histogram of the product's own (delivery time, call set-up), registered once per name. */
export function productHistogram<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  buckets: number[] = SECONDS,
): Histogram<L> {
  const existing = metricsRegistry.getSingleMetric(name);
  if (existing) return existing as Histogram<L>;
  return new Histogram({ name, help, labelNames, buckets, registers: [metricsRegistry] });
}

/** A gauge of the product's own (reports waiting, the books check), registered once per name. */
export function productGauge<L extends string>(name: string, help: string, labelNames: readonly L[]): Gauge<L> {
  const existing = metricsRegistry.getSingleMetric(name);
  if (existing) return existing as Gauge<L>;
  return new Gauge({ name, help, labelNames, registers: [metricsRegistry] });
}

/** Rate, errors and duration of every route, and `GET /metrics` in Prometheus's text format. */
export function instrumentHttp(app: FastifyInstance, service: string, { serve = true } = {}): void {
  app.addHook('onResponse', async (request, reply) => {
    // The template the router matched (never the path itself, which holds ids), or none at all.
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    httpRequests.inc({ service, method, route, status: String(reply.statusCode) });
    httpDuration.observe({ service, method, route }, reply.elapsedTime / 1000);
  });
  if (serve)
    app.get('/metrics', async (_request, reply) => reply.type(metricsRegistry.contentType).send(await metricsText()));
}

export const metricsText = (): Promise<string> => metricsRegistry.metrics();

const seconds = (since: number) => (performance.now() - since) / 1000;

/**
 * The bus as `service` uses it, counting what it sends and handles, and tracing it (a span per
 * publish, request, handled event and answered request; the context crosses in bus.ts). The wrapped bus is shared
 * (the embedded start gives every service one in-process bus), so each service wraps its own view.
 */
export function instrumentBus(bus: Bus, service: string): Bus {
  const counted = async <T>(counter: Counter<BusLabel>, subject: string, kind: string, run: () => Promise<T>) => {
    try {
      const result = await run();
      counter.inc({ service, subject, kind, outcome: 'ok' });
      return result;
    } catch (err) {
      counter.inc({ service, subject, kind, outcome: 'error' });
      throw err;
    }
  };
  const measured = async <T>(subject: string, kind: string, side: 'handle' | 'request', run: () => Promise<T>) => {
    const started = performance.now();
    try {
      return await counted(side === 'handle' ? busHandled : busPublished, subject, kind, run);
    } finally {
      busDuration.observe({ service, subject, side }, seconds(started));
    }
  };
  // Off, a bus hop pays one boolean check: no span name or attributes are built (a hot path).
  const span = <T>(verb: string, kind: SpanKind, subject: string, run: () => Promise<T>): Promise<T> =>
    !tracingOn()
      ? run()
      : (inSpan(
          `${verb} ${subject}`,
          kind,
          {
            'messaging.system': bus.kind === 'nats' ? 'nats' : 'honne.in-process',
            'messaging.destination.name': subject,
            'honne.service': service,
          },
          run,
        ) as Promise<T>);
  const view: Bus = {
    get kind() {
      return bus.kind;
    },
    publish: (def, payload, options) =>
      span('publish', SpanKind.PRODUCER, def.subject, () =>
        counted(busPublished, def.subject, 'event', () => bus.publish(def, payload, options)),
      ),
    subscribe(def, handler, options) {
      return bus.subscribe(
        def,
        (payload) =>
          span('process', SpanKind.CONSUMER, def.subject, () =>
            measured(def.subject, 'event', 'handle', async () => handler(payload)),
          ),
        options,
      );
    },
    request(def, payload, timeoutMs) {
      return span('request', SpanKind.CLIENT, def.subject, () =>
        measured(def.subject, 'request', 'request', () => bus.request(def, payload, timeoutMs)),
      );
    },
    respond(def, handler, options) {
      return bus.respond(
        def,
        (payload) =>
          span('answer', SpanKind.SERVER, def.subject, () =>
            measured(def.subject, 'request', 'handle', () => handler(payload)),
          ),
        options,
      );
    },
    flush: () => bus.flush(),
    onAvailability: (listener) => bus.onAvailability(listener),
    close: () => bus.close(),
  };
  return view;
}

/** `GET /metrics` on a port of its own (the gateway's METRICS_PORT), away from a public one. */
export async function serveMetricsOn(host: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metricsText().then(
      (text) => response.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return server;
}
