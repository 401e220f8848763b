import { describe, expect, it } from 'vitest';

import { allEndpoints } from '../src/endpoints.ts';

// The gateway routes, authenticates and documents by these definitions: one slip here is a
// shadowed route, an unauthenticated endpoint or a wrong OpenAPI document.
describe('endpoint definitions', () => {
  it('has one definition per method and path', () => {
    const keys = allEndpoints.map((e) => `${e.method} ${e.url}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('gives every endpoint a summary and an owning service', () => {
    for (const e of allEndpoints) {
      expect(e.summary, `${e.method} ${e.url}`).not.toBe('');
      expect(['accounts', 'topics', 'chat', 'calls', 'points', 'safety']).toContain(e.service);
    }
  });

  it('documents 401 on every endpoint that needs a signed-in user', () => {
    const missing = allEndpoints.filter((e) => e.auth === 'user' && !e.schema.response[401]);
    expect(missing.map((e) => `${e.method} ${e.url}`)).toEqual([]);
  });

  it('uses paths relative to /api/v1, without query strings or trailing slashes', () => {
    for (const e of allEndpoints) {
      expect(e.url, `${e.method} ${e.url}`).toMatch(/^(\/:?[A-Za-z0-9_-]+)+$/);
    }
  });
});
