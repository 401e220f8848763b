import { messages } from '@honne/contracts';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { WindowCounter } from '../src/rate-limit.ts';

import { Harness, type StartedGateway } from './helpers.ts';

describe.each(infraModes())('gateway rate limits ($name)', (mode) => {
  let h: Harness;
  let gw: StartedGateway;

  beforeAll(async () => {
    h = await Harness.start(mode);
    gw = await h.gateway({ rateLimitMax: 6, rateLimitAuthMax: 3 });
  });
  afterAll(() => h?.close());

  it('limits login, sign-up and verify more strictly, with the Japanese message', async () => {
    const login = () =>
      fetch(`${gw.url}/api/v1/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    for (let i = 0; i < 3; i++) expect((await login()).status).toBe(200);
    const limited = await login();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect(await limited.json()).toMatchObject({
      data: null,
      status: 429,
      error: messages.rateLimited,
      code: 'rate_limited',
    });
    // Sign-up shares the strict budget; other endpoints count against the general one.
    expect(
      (
        await fetch(`${gw.url}/api/v1/users`, {
          method: 'POST',
          body: '{}',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(429);
    expect((await fetch(`${gw.url}/api/v1/openapi.json`)).status).toBe(200);
  });

  it('limits the API as a whole per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await fetch(`${gw.url}/api/v1/openapi.json`)).status);
    // One request of the budget went in the test above.
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
    const res = await fetch(`${gw.url}/api/v1/points/balance`);
    expect(res.status).toBe(429);
    expect(((await res.json()) as { error: string }).error).toBe(messages.rateLimited);
  });

  it('keeps the limit across gateway instances when the cache is Redis', async () => {
    if (mode.name !== 'real') return;
    // A second instance on the same Redis sees the budget the first one used up.
    const other = await h.gateway({ rateLimitMax: 6, rateLimitAuthMax: 3 });
    expect(
      (
        await fetch(`${other.url}/api/v1/users/login`, {
          method: 'POST',
          body: '{}',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(429);
  });

  it('does not limit the static frontends', async () => {
    for (let i = 0; i < 8; i++) expect((await fetch(`${gw.url}/some/page`)).status).toBe(503);
  });
});

describe('general limit counter', () => {
  it('counts per key in a window that starts at the key’s first request', () => {
    const counter = new WindowCounter(2, 60_000);
    expect(counter.hit('a', 1_000)).toBeUndefined();
    expect(counter.hit('a', 2_000)).toBeUndefined();
    expect(counter.hit('a', 3_000)).toBe(61_000);
    expect(counter.hit('b', 3_000)).toBeUndefined();
    // A new window once the old one has ended.
    expect(counter.hit('a', 61_000)).toBeUndefined();
  });

  it('forgets the least recently counted key when full', () => {
    const counter = new WindowCounter(1, 60_000, 2);
    counter.hit('a', 0);
    counter.hit('b', 0);
    counter.hit('a', 1);
    counter.hit('c', 2); // b goes
    expect(counter.hit('a', 3)).toBe(60_000);
    expect(counter.hit('b', 3)).toBeUndefined();
  });
});
