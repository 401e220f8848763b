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
