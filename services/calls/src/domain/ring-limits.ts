/**
 * How often one may ring and be rung (issue 25: 150 rings in 5.6 s gave the callee 450 web pushes,
 * 300 call records and 300 unread badges). A ring lasts up to a minute, so a person who calls
 * again and again is still well inside these; a script is not. Counted per account (a person's
 * characters share them) in the shared cache, so they hold across instances.
 */
export const RING_WINDOW_SECONDS = 60;
/** Rings one caller may start a minute; more are answered 429. */
export const RINGS_PER_CALLER = 6;
/**
 * Rings one callee may receive a minute, from everyone. Past it a call is made as when the callee
 * is in another call (the caller hears busy, the callee never rings): a refusal of its own would tell
 * a caller that someone else had been ringing that person, and who an anonymous partner is.
 */
export const RINGS_PER_CALLEE = 12;

export const ringKeys = {
  byCaller: (account: string) => `calls:rings-by:${account}`,
  toCallee: (account: string) => `calls:rings-to:${account}`,
};
