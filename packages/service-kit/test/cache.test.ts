import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Cache } from '../src/cache.ts';
import { eventually, infraModes, testInfra, uniqueName } from '../src/testing.ts';

describe.each(infraModes())('cache: expiring sets and numbered logs ($name)', (mode) => {
  let infra: Awaited<ReturnType<typeof testInfra>>;
  let cache: Cache;
  beforeAll(async () => {
    infra = await testInfra(mode);
    cache = infra.cache;
  });
  afterAll(() => infra?.close());

  it('counts renewed members, forgets a removed one and leaves the others', async () => {
    const key = uniqueName('members');
    expect(await cache.liveMembers(key)).toBe(0);
    await cache.memberRenew(key, 'a', 60);
    await cache.memberRenew(key, 'b', 60);
    await cache.memberRenew(key, 'a', 60); // a renewal, not a second member
    expect(await cache.liveMembers(key)).toBe(2);
    await cache.memberRemove(key, 'a');
    expect(await cache.liveMembers(key)).toBe(1);
    await cache.memberRemove(key, 'b');
    expect(await cache.liveMembers(key)).toBe(0);
  });

  it('lets a member that is not renewed expire while a renewed one stays (an instance that died)', async () => {
    const key = uniqueName('members');
    await cache.memberRenew(key, 'gone', 1);
    await cache.memberRenew(key, 'alive', 60);
    expect(await cache.liveMembers(key)).toBe(2);
    await eventually(async () => expect(await cache.liveMembers(key)).toBe(1), 5000);
    if (cache.redis) {
      // The key itself outlives none of its members by more than their TTL.
      const ttl = await cache.redis.pttl(key);
      expect(ttl).toBeGreaterThan(50_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }
  });

  it("numbers events handed over in the same turn one after the other, as a user's socket needs them", async () => {
    const seq = uniqueName('seq');
    const log = uniqueName('log');
    const numbers = await Promise.all(
      ['a', 'b', 'c'].map((x) => cache.logAppendNext(seq, log, { head: `${x}:`, tail: '' }, 10, 60)),
    );
    expect(numbers).toEqual([1, 2, 3]);
    expect(await cache.logAfter(log, 0)).toEqual(['a:1', 'b:2', 'c:3']);
    const counter = uniqueName('count');
    expect(await Promise.all([cache.incr(counter), cache.incr(counter), cache.incr(counter)])).toEqual([1, 2, 3]);
  });
});
