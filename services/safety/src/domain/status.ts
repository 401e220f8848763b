import type { ActionName, SubjectStatus } from '@honne/contracts/safety';

/** What status derivation needs of an event. */
export interface StatusEvent {
  action: string;
  created_at: Date;
  expires_at: Date | null;
  severity?: number | null;
}

/** How long a strike counts (ADR 0030). */
export const STRIKE_DAYS = 90;
/** Strikes an action adds when the operator gives no severity (a severity given counts instead). */
const STRIKES: Partial<Record<ActionName, number>> = { warn: 1, mute: 1, suspend: 2 };

/**
 * The next step the thresholds suggest for a further violation, by the strikes it would make
 * (ADR 0030): 1 → warn, 2 → mute 24 h, 3–4 → suspend 7 days, 5 or more → ban.
 */
export function suggestNext(strikes: number): SubjectStatus['suggested'] {
  const next = strikes + 1;
  if (next >= 5) return { action: 'ban', hours: null };
  if (next >= 3) return { action: 'suspend', hours: 7 * 24 };
  if (next === 2) return { action: 'mute', hours: 24 };
  return { action: 'warn', hours: null };
}

/**
 * A subject's status, derived from its events in order (Ozone's model: the events are the truth,
 * the status a view of them). Reversal is a later event (`lift`, `restore_voice`); timed
 * restrictions end by themselves once `now` passes their expiry.
 */
export function deriveStatus(events: readonly StatusEvent[], now: Date): SubjectStatus {
  let review: SubjectStatus['review'] = 'open';
  let muted: Date | null = null;
  let suspended: Date | null = null;
  let banned = false;
  let hidden = false;
  let warnings = 0;
  let reporterMuted = false;
  let frozen = false;
  let frozenUntil: Date | null = null;
  let strikes = 0;
  const strikeFrom = now.getTime() - STRIKE_DAYS * 24 * 3_600_000;
  for (const e of events) {
    const adds = e.severity ?? STRIKES[e.action as ActionName] ?? 0;
    if (STRIKES[e.action as ActionName] !== undefined && e.created_at.getTime() > strikeFrom) strikes += adds;
    switch (e.action as ActionName) {
      case 'acknowledge':
      case 'dismiss':
        review = 'closed';
        break;
      case 'escalate':
        review = 'escalated';
        break;
      case 'hide_voice':
        hidden = true;
        review = 'closed';
        break;
      case 'restore_voice':
        hidden = false;
        break;
      case 'warn':
        warnings += 1;
        review = 'closed';
        break;
      case 'mute':
        muted = e.expires_at;
        review = 'closed';
        break;
      case 'suspend':
        suspended = e.expires_at;
        review = 'closed';
        break;
      case 'ban':
        banned = true;
        review = 'closed';
        break;
      case 'delete_messages':
        review = 'closed';
        break;
      case 'mute_reporter':
        reporterMuted = true;
        break;
      case 'unmute_reporter':
        reporterMuted = false;
        break;
      case 'freeze_points':
        frozen = true;
        frozenUntil = e.expires_at;
        break;
      case 'unfreeze_points':
        frozen = false;
        frozenUntil = null;
        break;
      case 'lift':
        muted = null;
        suspended = null;
        banned = false;
        break;
    }
  }
  const live = (d: Date | null) => (d && d.getTime() > now.getTime() ? d.toISOString() : null);
  // A timed freeze ends by itself; an untimed one stands until unfrozen.
  const stillFrozen = frozen && (frozenUntil === null || frozenUntil.getTime() > now.getTime());
  return {
    review,
    muted_until: live(muted),
    suspended_until: live(suspended),
    banned,
    voice_hidden: hidden,
    warnings,
    reporter_muted: reporterMuted,
    points_frozen: stillFrozen,
    points_frozen_until: stillFrozen ? live(frozenUntil) : null,
    strikes,
    suggested: suggestNext(strikes),
  };
}

/** Actions that act on the person (every character), not only on the subject reported. */
export const PERSON_ACTIONS: ReadonlySet<ActionName> = new Set([
  'warn',
  'mute',
  'suspend',
  'lift',
  'ban',
  'mute_reporter',
  'unmute_reporter',
  'freeze_points',
  'unfreeze_points',
]);

/** Whether an action needs `hours` (a timed restriction). */
export const TIMED_ACTIONS: ReadonlySet<ActionName> = new Set(['mute', 'suspend']);
/** Actions that may carry `hours` and otherwise stand until reversed. */
export const OPTIONALLY_TIMED: ReadonlySet<ActionName> = new Set(['freeze_points']);
