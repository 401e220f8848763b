import { productGauge, productHistogram } from '@honne/service-kit';

/**
 * What the synthetic user exports on /metrics (the kit's one registry, with the process's own
 * figures): per step and overall, whether the last round got through (1/0) and how long it took.
 * The steps are a fixed list, so the series are few whatever happens.
 */
export const STEPS = ['sign_in', 'message_there', 'message_back', 'call_ring', 'call_connected', 'overall'] as const;
export type Step = (typeof STEPS)[number];

/** Seconds: a sign-in is tens of ms, a round a few seconds, a stuck step its timeout. */
const BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 1.5, 2.5, 5, 10, 30];

export const success = productGauge(
  'honne_synthetic_success',
  'The synthetic user: 1 when the step (or the whole round, step="overall") got through in the last round, 0 when not',
  ['step'] as const,
);
export const stepSeconds = productHistogram(
  'honne_synthetic_step_seconds',
  "The synthetic user: a step's time (message: send to arrival on the other socket; call_ring: call to ring; call_connected: answer to connected)",
  ['step'] as const,
  BUCKETS,
);
export const lastRound = productGauge(
  'honne_synthetic_last_round_timestamp_seconds',
  'The synthetic user: when its last round ended (Unix seconds): a stale value means it stopped running',
  [] as const,
);

export interface StepResult {
  step: Step;
  ok: boolean;
  seconds: number;
  error?: string;
}

/** One round's results onto the gauges: a step not reached counts as failed. */
export function record(results: StepResult[]): void {
  for (const step of STEPS) {
    const result = results.find((r) => r.step === step);
    success.set({ step }, result?.ok ? 1 : 0);
    if (result?.ok) stepSeconds.observe({ step }, result.seconds);
  }
  lastRound.set(Date.now() / 1000);
}
