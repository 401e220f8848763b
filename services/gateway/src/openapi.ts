import { ErrorEnvelope, type EndpointDef } from '@honne/contracts';

type Json = Record<string, unknown>;

/** TypeBox schemas are JSON Schema with symbol-keyed metadata; a JSON round trip leaves the schema. */
const plain = (schema: unknown): Json => JSON.parse(JSON.stringify(schema)) as Json;

const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '204': 'No content',
  '400': 'Bad request',
  '401': 'Missing, expired or revoked access token',
  '403': 'Validation failed (per-field messages in `errors`) or not allowed',
  '404': 'Not found',
  '408': 'The request body did not arrive in time',
  '409': 'Conflict',
  '413': 'The request body is too large',
  '414': 'A path segment is longer than any identifier',
  '415': 'The request body is not of a type the endpoint reads',
  '429': 'Too many requests',
  '503': 'The service behind the gateway is unavailable',
  '504': 'The service behind the gateway did not answer in time',
};

/**
 * What any operation can answer whatever its contract lists: the gateway's and the service
 * kit's own answers (rate limit, an unavailable service, shape errors in the path or query, a
 * malformed or oversized body), so a client or a fuzzer meets no undocumented status.
 */
function edgeStatuses(def: EndpointDef): string[] {
  const statuses = ['404', '429', '503', '504'];
  if (def.auth === 'user' || def.auth === 'console') statuses.push('401');
  if (def.schema.params || def.schema.querystring || def.schema.body) statuses.push('403');
  // A path the router cannot decode (bad percent-encoding) is a 400 even on a GET.
  if (def.schema.params) statuses.push('400', '414');
  if (def.method !== 'GET') statuses.push('400', '408', '413', '415');
  return [...new Set(statuses)];
}

function parameters(schema: unknown, where: 'path' | 'query'): Json[] {
  const s = schema ? plain(schema) : undefined;
  const props = (s?.properties ?? {}) as Record<string, Json>;
  const required = new Set((s?.required ?? []) as string[]);
  return Object.entries(props).map(([name, propSchema]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: propSchema,
  }));
}

const key = (def: Pick<EndpointDef, 'method' | 'url'>) => `${def.method} ${def.url}`;

const operationId = (def: EndpointDef) =>
  `${def.service}.${def.method.toLowerCase()}${def.url.replace(/[/:](\w)/g, (_m, c: string) => c.toUpperCase()).replace(/\W/g, '')}`;

/**
 * Where one operation's answer names what others read or change (OpenAPI links): schemathesis's
 * stateful phase follows them, so a theme or voice it made is then read, posted in, hearted and
 * reported, instead of every id-taking operation meeting only 404s. The created object's id is
 * `data.id` in the envelope.
 */
const LINKS: Record<string, readonly string[]> = {
  'POST /threads': ['GET /threads/:id', 'POST /topics/:id'],
  'POST /threads/join': ['GET /threads/:id', 'POST /topics/:id'],
  'POST /topics/:id': [
    'GET /topics/:id',
    'PUT /topics/:id',
    'POST /topics/:id/heart',
    'POST /topics/:id/report',
    'GET /topics/:id/reply-list',
  ],
};

function linksOf(def: EndpointDef, byKey: ReadonlyMap<string, EndpointDef>): Json | undefined {
  const names = LINKS[key(def)];
  if (!names) return undefined;
  const targets = names.map((k) => {
    const target = byKey.get(k);
    // A renamed endpoint must not drop a link quietly: the document is built at start and in tests.
    if (!target) throw new Error(`OpenAPI link from ${key(def)} to ${k}: no such endpoint`);
    return target;
  });
  return Object.fromEntries(
    targets.map((t) => [
      operationId(t).replace(/\./g, '_'),
      { operationId: operationId(t), parameters: { id: '$response.body#/data/id' } },
    ]),
  );
}

function operation(def: EndpointDef, byKey: ReadonlyMap<string, EndpointDef>): Json {
  const params = [...parameters(def.schema.params, 'path'), ...parameters(def.schema.querystring, 'query')];
  const responses: Json = {};
  const links = linksOf(def, byKey);
  for (const [status, schema] of Object.entries(def.schema.response)) {
    responses[status] = {
      description: STATUS_TEXT[status] ?? `HTTP ${status}`,
      content: { 'application/json': { schema: plain(schema) } },
      ...(status === '200' && links ? { links } : {}),
    };
  }
  // A GET whose contract names no JSON 200 answers a file (avatars, images, greetings).
  if (def.method === 'GET' && !('200' in def.schema.response)) {
    responses['200'] = {
      description: 'OK (a file: SVG, JPEG or audio)',
      content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
    };
  }
  for (const status of edgeStatuses(def)) {
    responses[status] ??= {
      description: STATUS_TEXT[status],
      content: { 'application/json': { schema: plain(ErrorEnvelope) } },
    };
  }
  return {
    operationId: operationId(def),
    summary: def.summary,
    tags: [def.service],
    security: def.auth === 'user' ? [{ bearerAuth: [] }] : [],
    ...(params.length ? { parameters: params } : {}),
    ...(def.schema.body ? { requestBody: { required: true, content: bodyContent(def) } } : {}),
    responses,
    ...(def.rateLimit === 'auth' ? { 'x-rate-limit': 'auth' } : {}),
  };
}

/** JSON, and for a contract with a `form` the same fields as multipart/form-data (files as binary). */
function bodyContent(def: EndpointDef): Json {
  const schema = plain(def.schema.body!);
  if (!def.form) return { 'application/json': { schema } };
  const properties = { ...((schema as { properties?: Record<string, Json> }).properties ?? {}) };
  for (const name of def.form.files) properties[name] = { type: 'string', format: 'binary' };
  return {
    'application/json': { schema },
    'multipart/form-data': { schema: { ...(schema as object), properties } },
  };
}

/** The OpenAPI 3.1 document of the whole API, from the same definitions that validate requests. */
export function buildOpenApi(endpoints: readonly EndpointDef[]): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const byKey = new Map(endpoints.map((def) => [key(def), def]));
  for (const def of endpoints) {
    const path = def.url.replace(/:(\w+)/g, '{$1}');
    (paths[path] ??= {})[def.method.toLowerCase()] = operation(def, byKey);
  }
  paths['/health'] = {
    get: {
      operationId: 'gateway.getHealth',
      summary: "The gateway's checks and every service's /health; 503 when any is not ok",
      tags: ['gateway'],
      security: [],
      responses: {
        '200': { description: 'All ok' },
        '503': { description: 'Something is degraded (details in data.checks)' },
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'honne API',
      version: '1',
      description:
        'Every response is the envelope {data, status, error, last_doc_id}. Real-time events: WebSocket ' +
        '/api/v1/realtime?token=<access token>&since=<seq> (not describable in OpenAPI).',
    },
    servers: [{ url: '/api/v1' }],
    tags: ['accounts', 'topics', 'chat', 'calls', 'points', 'gateway'].map((name) => ({ name })),
    paths,
    components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  };
}
