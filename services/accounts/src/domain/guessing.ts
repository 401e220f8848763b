/**
 * How many guesses of a secret (a password, a mailed code) we allow, and how long a source waits
 * once it has used them. Pure rules; the counting lives in `../guards.ts`.
 */

/** Wrong codes per address per hour, sign-up and reset alike, across every code mailed to it. */
export const CODE_FAILURES_PER_HOUR = 15;

/**
 * Mails (codes, reset notices) one address may be sent per hour, and one source may cause per hour
 * (issue 25: 30 reset requests sent 30 mails). Past either, the answer stays the same and no mail
 * goes, so the cap tells nobody whether an address is registered.
 */
export const MAIL_PER_ADDRESS_PER_HOUR = 5;
export const MAIL_PER_SOURCE_PER_HOUR = 30;

/** The first lock of one source on one address; each further lock within a day doubles it. */
export const LOGIN_LOCK_BASE_SECONDS = 15 * 60;
export const LOGIN_LOCK_MAX_SECONDS = 24 * 60 * 60;

/** A source that signed in to an address is trusted for it this long (it passes the address cap). */
export const KNOWN_SOURCE_SECONDS = 30 * 24 * 60 * 60;

/** The lock after the `strike`-th run of failures (1-based): 15 min, 30 min, 1 h, … up to a day. */
export const lockSeconds = (strike: number): number =>
  Math.min(LOGIN_LOCK_MAX_SECONDS, LOGIN_LOCK_BASE_SECONDS * 2 ** Math.min(16, Math.max(0, strike - 1)));
