import { describe, expect, it } from 'vitest';

import { every } from '../src/jobs.ts';
import { createLogger } from '../src/logger.ts';

describe('every', () => {
  it('runs the job on each tick, never twice at once, keeps going after a failure, and waits for a run on stop', async () => {
    const log = createLogger('test', 'silent');
    let runs = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    let release!: () => void;
    const firstRunHeld = new Promise<void>((resolve) => (release = resolve));
    let job!: ReturnType<typeof every>;
    const ran = new Promise<void>((resolve) => {
      job = every(5, 'test', log, async () => {
        runs++;
        concurrent++;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        if (runs === 1) await firstRunHeld;
        concurrent--;
        if (runs === 2) throw new Error('fails once');
        if (runs === 3) resolve();
      });
      setTimeout(release, 30);
    });
    await ran;
    await job.stop();
    const stoppedAt = runs;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(stoppedAt);
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(maxConcurrent).toBe(1);
  });
});
