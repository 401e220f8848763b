/**
 * Messages are stored in one partition per hour of expiry (ADR 0035). Hours are UTC; a partition's
 * name spells its hour, so maintenance reads the set from the catalogue without parsing bounds.
 */
export const HOUR_MS = 3600_000;

/**
 * How far ahead partitions exist: the longest voice lifetime (4,320 minutes, spec §3's expiry
 * options) and two hours more, so every topic-room message lands in its hour. Longer-lived ones
 * (a friend room under a long saved_message_time) wait in the default partition until their hour
 * comes within reach and maintenance moves them.
 */
export const PARTITION_HOURS_AHEAD = 74;

/**
 * At most this many partitions are created per run, nearest hours first: a fresh database (or one
 * left alone for days) fills its 74 hours over about 20 runs (the first four hours at once, which
 * hold every default-retention message) instead of holding the first run for
 * seconds; after that a run creates one an hour.
 */
export const PARTITIONS_PER_RUN = 4;

const NAME = /^messages_p(\d{4})(\d{2})(\d{2})(\d{2})$/;

export const hourStart = (t: Date): Date => new Date(Math.floor(t.getTime() / HOUR_MS) * HOUR_MS);

export function partitionName(hour: Date): string {
  const iso = hour.toISOString(); // 2026-11-27T14:00:00.000Z
  return `messages_p${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}`;
}

/** The hour a partition name stands for; undefined for any other table (the default partition). */
export function hourOfPartition(name: string): Date | undefined {
  const m = NAME.exec(name);
  return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!)) : undefined;
}

/** The hours that must have a partition at `now`: this one and `ahead` more. */
export function hoursToPrepare(now: Date, ahead = PARTITION_HOURS_AHEAD): Date[] {
  const first = hourStart(now).getTime();
  return Array.from({ length: ahead + 1 }, (_, i) => new Date(first + i * HOUR_MS));
}

/**
 * A partition may go once every message in it has expired and was announced: its hour ended at or
 * before `announcedUntil` (which is never after now).
 */
export const droppable = (hour: Date, announcedUntil: Date): boolean =>
  hour.getTime() + HOUR_MS <= announcedUntil.getTime();
