import type { Logger } from './logger.ts';

export interface PeriodicJob {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `job` every `intervalMs`, never twice at once (a slow run makes the next tick skip);
 * failures are logged and the job runs again next tick. The timer does not keep the process alive.
 */
export function every(intervalMs: number, name: string, log: Logger, job: () => Promise<unknown>): PeriodicJob {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = job()
      .catch((err: unknown) => log.error({ err, job: name }, 'periodic job failed'))
      .finally(() => (running = undefined));
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
