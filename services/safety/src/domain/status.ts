import type { ActionName, SubjectStatus } from '@honne/contracts/safety';

/** What status derivation needs of an event. */
export interface StatusEvent {
  action: string;
  created_at: Date;
  expires_at: Date | null;
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
  for (const e of events) {
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
      case 'lift':
        muted = null;
        suspended = null;
        banned = false;
        break;
    }
  }
  const live = (d: Date | null) => (d && d.getTime() > now.getTime() ? d.toISOString() : null);
  return {
    review,
    muted_until: live(muted),
    suspended_until: live(suspended),
    banned,
    voice_hidden: hidden,
    warnings,
    reporter_muted: reporterMuted,
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
]);

/** Whether an action needs `hours` (a timed restriction). */
export const TIMED_ACTIONS: ReadonlySet<ActionName> = new Set(['mute', 'suspend']);
