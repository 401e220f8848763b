import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { afterAll, describe, expect, it } from 'vitest';

import { CONTRACTS_SOURCE, stripSchemas } from '../src/browser-contracts.ts';

const contractsSrc = path.join(import.meta.dirname, '..', '..', '..', 'packages', 'contracts', 'src');
const files = readdirSync(contractsSrc).filter((f) => f.endsWith('.ts'));
const out = mkdtempSync(path.join(os.tmpdir(), 'browser-contracts-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** What of @honne/contracts' EndpointDef this test reads (build-kit does not depend on the contracts). */
interface Endpoint {
  method: string;
  url: string;
  auth: string;
  schema: object;
}

const KIND = Symbol.for('TypeBox.Kind');
const isSchema = (v: unknown) => typeof v === 'object' && v !== null && KIND in v;

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'method' in v && 'url' in v && 'schema' in v;

/**
 * Equal except for what the browser build drops: a TypeBox schema anywhere, an endpoint's schemas
 * (an empty `schema` left) and summary. Functions by kind, everything else deeply.
 */
function sameBesidesSchemas(real: unknown, browser: unknown, at: string): void {
  if (isSchema(real)) return;
  if (isEndpoint(real)) {
    const { schema: _schema, summary: _summary, ...rest } = real as Endpoint & { summary: string };
    expect(browser, at).toEqual({ ...rest, schema: {} });
    return;
  }
  if (typeof real === 'function') {
    expect(typeof browser, at).toBe('function');
    return;
  }
  if (typeof real !== 'object' || real === null) {
    expect(browser, at).toEqual(real);
    return;
  }
  expect(typeof browser, at).toBe('object');
  expect(Object.keys(browser as object).sort(), at).toEqual(Object.keys(real).sort());
  for (const [key, value] of Object.entries(real))
    sameBesidesSchemas(value, (browser as Record<string, unknown>)[key], `${at}.${key}`);
}

describe('the contracts in the browser (schemas stripped)', () => {
  for (const f of files)
    writeFileSync(path.join(out, f), stripSchemas(readFileSync(path.join(contractsSrc, f), 'utf8')));

  it('applies to the contracts sources only', () => {
    expect(CONTRACTS_SOURCE.test(path.join(contractsSrc, 'profile.ts'))).toBe(true);
    expect(CONTRACTS_SOURCE.test('/w/packages/api-client/src/client.ts')).toBe(false);
  });

  it('leaves no TypeBox in any module', () => {
    for (const f of files) {
      const text = readFileSync(path.join(out, f), 'utf8');
      expect(text, f).not.toMatch(/@sinclair\/typebox|\bType\.[A-Za-z]+\(/);
    }
  });

  // What the client uses at run time: endpoints' method, url and auth, real-time event types,
  // constants, validators, the message catalogue. The services' modules are the real ones.
  it.each(files)('%s keeps every export the same but its schemas', async (f) => {
    const real = (await import(pathToFileURL(path.join(contractsSrc, f)).href)) as Record<string, unknown>;
    const browser = (await import(pathToFileURL(path.join(out, f)).href)) as Record<string, unknown>;
    expect(Object.keys(browser).sort()).toEqual(Object.keys(real).sort());
    for (const [name, value] of Object.entries(real)) sameBesidesSchemas(value, browser[name], `${f} ${name}`);
  });

  it('keeps what the API client reads from each endpoint, and none of its schemas', async () => {
    const load = async (dir: string) =>
      ((await import(pathToFileURL(path.join(dir, 'endpoints.ts')).href)) as { allEndpoints: Endpoint[] }).allEndpoints;
    const [real, browser] = [await load(contractsSrc), await load(out)];
    expect(browser.length).toBe(real.length);
    browser.forEach((e, i) => {
      const { method, url, auth } = real[i]!;
      expect({ method: e.method, url: e.url, auth: e.auth, schema: e.schema }).toEqual({
        method,
        url,
        auth,
        schema: {},
      });
    });
  });
});
