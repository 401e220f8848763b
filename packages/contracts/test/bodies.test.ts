import { Kind } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';

import { UUID_PATTERN } from '../src/common.ts';
import { allEndpoints } from '../src/endpoints.ts';

/** Every node of a schema with the path that reaches it. */
function* nodes(schema: unknown, path: string): Generator<[string, Record<string | symbol, unknown>]> {
  if (schema === null || typeof schema !== 'object') return;
  const node = schema as Record<string | symbol, unknown>;
  yield [path, node];
  for (const [key, value] of Object.entries(node.properties ?? {})) yield* nodes(value, `${path}.${key}`);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    for (const [i, value] of ((node[key] as unknown[]) ?? []).entries()) yield* nodes(value, `${path}|${i}`);
  if (node.items) yield* nodes(node.items, `${path}[]`);
  for (const value of Object.values(node.patternProperties ?? {})) yield* nodes(value, `${path}{}`);
}

const bodies = allEndpoints.flatMap((e) => (e.schema.body ? [...nodes(e.schema.body, `${e.method} ${e.url}`)] : []));
const inputs = allEndpoints.flatMap((e) =>
  (['body', 'querystring', 'params'] as const).flatMap((part) => {
    const schema = e.schema[part];
    return schema ? [...nodes(schema, `${e.method} ${e.url} ${part}`)] : [];
  }),
);

// Request bodies are where an attacker chooses the shape: an open object let a `user_id` reach a
// handler, free JSON let a 10 MB or 10,000-level value through. New endpoints are held to the same.
describe('request inputs', () => {
  it('close every object to unknown keys', () => {
    const open = inputs.filter(
      ([, n]) => n.type === 'object' && n.additionalProperties !== false && !n.patternProperties,
    );
    expect(open.map(([p]) => p)).toEqual([]);
  });

  it('give every value a shape (no Unknown or Any)', () => {
    const free = bodies.filter(([, n]) => n[Kind] === 'Unknown' || n[Kind] === 'Any');
    expect(free.map(([p]) => p)).toEqual([]);
  });

  it('bound every number (a 2^53 `since` reached the database)', () => {
    const unbounded = inputs.filter(
      ([, n]) => (n.type === 'integer' || n.type === 'number') && (n.maximum === undefined || n.minimum === undefined),
    );
    expect(unbounded.map(([p]) => p)).toEqual([]);
  });

  it('bound every string and array', () => {
    const unbounded = inputs.filter(
      ([, n]) =>
        (n.type === 'string' && n.maxLength === undefined && n.const === undefined && n.enum === undefined) ||
        (n.type === 'array' && n.maxItems === undefined),
    );
    expect(unbounded.map(([p]) => p)).toEqual([]);
  });

  // Made-up ids reached PostgreSQL ("invalid input syntax for type uuid" from the calls service's
  // callanswer): every id a client sends is checked by its schema before a handler runs.
  it('take every id as a UUID, unless it names something else', () => {
    const notRows: Record<string, string> = {
      device_id: "the client's own device name",
      client_id: "the client's own id for a message it sends",
      email_id: 'accepted from the spec and ignored',
      gender_id: 'reference numbers, sent as text by forms',
      age_id: 'reference numbers, sent as text by forms',
      area_id: 'reference numbers, sent as text by forms',
      last_doc_id: 'a paging cursor; each service decodes and checks its own before any query',
      category_id: "a reference number, which the spec's POST /subCategories may send as text",
    };
    // One field of one endpoint that is no row's id: the spec's message `id`, the client's own (its client id).
    const notRowPaths = new Set(['POST /messages body.id']);
    const fieldOf = (path: string) => /[.]([A-Za-z_]+)(?:\|\d+)*(?:\[\])?$/.exec(path)?.[1] ?? '';
    const loose = inputs.filter(([path, n]) => {
      const field = fieldOf(path);
      const idLike = /^(id|ids)$|_id$|Id$|Ids$|^latest_joined_thread$/.test(field);
      return (
        idLike && n.type === 'string' && !(field in notRows) && !notRowPaths.has(path) && n.pattern !== UUID_PATTERN
      );
    });
    expect(loose.map(([p]) => p)).toEqual([]);
    expect(inputs.filter(([, n]) => n.pattern === UUID_PATTERN).length).toBeGreaterThan(60);
  });
});
