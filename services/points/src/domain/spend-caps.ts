import type { AgeBracket } from '@honne/contracts/points';

/**
 * Monthly spend caps for users under 18 (issue 15, "beyond the anchors"): a minor may spend at most
 * so many points a calendar month on gifts, paid chats and paid calls. Points are sold at 1 point =
 * ¥1, so the caps read as yen: under 16 ¥5,000, 16–17 ¥20,000 (configurable).
 *
 * How the age is known: the profile's age group says teens (10代) or not, and cannot tell 15 from
 * 19, so a teen is held to the under-16 cap until they declare their bracket (under 16, 16–17,
 * 18 or over) on the add-points sheet; a declaration wins over the age group either way. Every
 * character of one parent account (one person) shares the cap.
 */

/** Points leaving a user for something used: what the cap counts. Purchases and grants come in; expiry is not a spend. */
export const SPEND_KINDS = ['gift', 'chat_fee', 'chat_bonus', 'call_minute'] as const;
export const isSpendKind = (kind: string): boolean => (SPEND_KINDS as readonly string[]).includes(kind);

export type { AgeBracket };

export interface MinorCaps {
  /** Points a month for users under 16. */
  under16: number;
  /** Points a month for users aged 16 or 17. */
  under18: number;
}

export const DEFAULT_MINOR_CAPS: MinorCaps = { under16: 5_000, under18: 20_000 };

/** The profile's age group 10代 (the first of the age reference rows). */
export const TEEN_AGE_ID = 1;

/** What a person may spend this month; null when no cap applies (an adult). */
export function monthlyCapOf(teen: boolean, declared: AgeBracket | null, caps: MinorCaps): number | null {
  const bracket = declared ?? (teen ? 'under16' : '18plus');
  if (bracket === 'under16') return caps.under16;
  if (bracket === '16to17') return caps.under18;
  return null;
}

const JST_MS = 9 * 3_600_000;

/** The first instant of the calendar month in Japan (UTC+9, no daylight saving) that holds `now`. */
export function jstMonthStart(now: Date): Date {
  const jst = new Date(now.getTime() + JST_MS);
  return new Date(Date.UTC(jst.getUTCFullYear(), jst.getUTCMonth(), 1) - JST_MS);
}
