import { BREACH_HOURS } from '@honne/contracts/safety';

const HOUR_MS = 3_600_000;

/**
 * The windows the queue's figures are taken over, at `now`: the last day (inbound), the 24 h breach
 * line, and the 30 days the first-action percentiles look back on. One rule for the console's
 * statistics and the metrics operators alert on.
 */
export function statsWindows(now: Date): { dayAgo: Date; breachAt: Date; since: Date } {
  const hoursAgo = (h: number) => new Date(now.getTime() - h * HOUR_MS);
  return { dayAgo: hoursAgo(24), breachAt: hoursAgo(BREACH_HOURS), since: hoursAgo(30 * 24) };
}
