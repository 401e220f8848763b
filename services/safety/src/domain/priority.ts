import type { PriorityReason } from '@honne/contracts/safety';

/** The profile's age group 10代 (the first row of the age reference): a minor. */
export const TEEN_AGE_ID = 1;

export const PRIORITY = {
  /** A report from or about someone under 18. */
  minor: 100,
  /** A report made from inside a live call. */
  liveCall: 50,
  /** An appeal: the person is waiting on us. */
  appeal: 20,
} as const;

/**
 * A report's own priority; repeated reports on one subject add to it in the queue's order
 * (db/repos/reports.ts). A reporter muted for abusive reports (mute_reporter) raises nothing: their
 * report is still queued, at the bottom, and does not count as a repeat either.
 */
export function reportPriority(input: {
  source: string;
  reporterAgeId: number | null | undefined;
  reportedAgeId: number | null | undefined;
  reporterMuted?: boolean;
}): number {
  if (input.reporterMuted) return 0;
  let p = 0;
  if (input.reporterAgeId === TEEN_AGE_ID || input.reportedAgeId === TEEN_AGE_ID) p += PRIORITY.minor;
  if (input.source === 'call') p += PRIORITY.liveCall;
  if (input.source === 'appeal') p += PRIORITY.appeal;
  return p;
}

/**
 * What a report's rank is made of, for the queue's column: its own priority split back into the parts
 * `reportPriority` added (a call and an appeal are known by the source, so what is left of the own
 * priority is the minor's), and the repeats the queue added on top (`rank` − own priority).
 */
export function priorityReasons(input: {
  source: string;
  priority: number;
  rank: number;
  raisesPriority: boolean;
}): { reason: PriorityReason; points: number }[] {
  if (!input.raisesPriority) return [{ reason: 'muted_reporter', points: 0 }];
  const parts: { reason: PriorityReason; points: number }[] = [];
  let own = input.priority;
  if (input.source === 'call') {
    parts.push({ reason: 'live_call', points: PRIORITY.liveCall });
    own -= PRIORITY.liveCall;
  }
  if (input.source === 'appeal') {
    parts.push({ reason: 'appeal', points: PRIORITY.appeal });
    own -= PRIORITY.appeal;
  }
  if (own >= PRIORITY.minor) parts.unshift({ reason: 'minor', points: PRIORITY.minor });
  const repeats = input.rank - input.priority;
  if (repeats > 0) parts.push({ reason: 'repeats', points: repeats });
  return parts;
}
