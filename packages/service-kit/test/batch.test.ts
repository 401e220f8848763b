import { describe, expect, it } from 'vitest';

import { Batcher } from '../src/batch.ts';

describe('Batcher', () => {
  it('sends a lone item at once and groups items that arrive while a batch is in flight', async () => {
    const calls: number[][] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const b = new Batcher<number, number>(
      async (items) => {
        calls.push(items);
        if (calls.length === 1) await held;
        return items.map((i) => i * 10);
      },
      { maxConcurrent: 1 },
    );
    const first = b.load(1);
    await new Promise((r) => setImmediate(r));
    const rest = [2, 3, 4].map((i) => b.load(i));
    release();
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
    expect(calls).toEqual([[1], [2, 3, 4]]);
  });

  it('caps a batch at maxBatch items', async () => {
    const sizes: number[] = [];
    const b = new Batcher<number, number>(
      async (items) => {
        sizes.push(items.length);
        return items;
      },
      { maxBatch: 3, maxConcurrent: 1 },
    );
    expect(await Promise.all([1, 2, 3, 4, 5, 6, 7].map((i) => b.load(i)))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(sizes).toEqual([3, 3, 1]);
  });

  it('retries a failed batch item by item so only the bad item fails, unless told not to', async () => {
    const run = async (items: number[]) => {
      if (items.includes(2)) throw new Error('two is bad');
      return items;
    };
    const b = new Batcher(run);
    const results = await Promise.allSettled([1, 2, 3].map((i) => b.load(i)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);

    const strict = new Batcher(run, { retryAlone: false });
    const strictResults = await Promise.allSettled([1, 2, 3].map((i) => strict.load(i)));
    expect(strictResults.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
  });
});
