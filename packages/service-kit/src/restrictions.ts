import { events, type EventPayload } from '@honne/contracts/events';
import { restrictedUntil } from '@honne/contracts/messages';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';

import type { Subscription } from './bus.ts';
import type { BaseContext } from './context.ts';
import { prepared } from './db.ts';
import { AppError } from './errors.ts';
import { serviceQueue } from './service.ts';

/**
 * The copy of the moderation service's restrictions that a service keeps to enforce them itself
 * (topics, chat, calls; issue 27): accounts' `person_restrictions` shape with one row per character
 * (`user_id`), since these services know characters, not people. `until` null: until lifted (a
 * ban). A lift deletes the person's rows recorded before it; an older event arriving late never
 * overwrites a newer one.
 */
export interface UserRestrictionTable {
  user_id: string;
  person_id: string;
  restriction: string;
  until: Date | null;
  event_id: string;
  at: Date;
}
export interface RestrictionsReadModel {
  person_restrictions: UserRestrictionTable;
}

export type Restriction = 'mute' | 'suspend' | 'ban';
/** Frozen points (ADR 0030): kept in the same table, enforced by points only, ended by `unfreeze`, not by `lift`. */
const FREEZE = 'freeze';
/** What stops a person posting, chatting and calling: a mute, and a fortiori a suspension or ban. */
const SILENCING: readonly Restriction[] = ['mute', 'suspend', 'ban'];
/** What takes a person's voices away from others. */
const REMOVING: readonly Restriction[] = ['suspend', 'ban'];
/** As literals, so a statement that lists them keeps one text. */
const asLiterals = (list: readonly string[]) => sql.join(list.map((r) => sql.lit(r)));
const SILENCING_SQL = asLiterals(SILENCING);
const REMOVING_SQL = asLiterals(REMOVING);

const asModel = <DB>(db: Kysely<DB>) => db as unknown as Kysely<RestrictionsReadModel>;

/** The table, for a service's migration (with `createProcessedEventsTable`: the event is durable). */
export async function createRestrictionsTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('person_restrictions')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('restriction', 'text', (c) => c.notNull())
    .addColumn('until', 'timestamptz')
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('person_restrictions_pk', ['user_id', 'restriction'])
    .execute();
  await db.schema.createIndex('person_restrictions_person').on('person_restrictions').column('person_id').execute();
}

/** Applies one `safety.person.restricted` event to the table. */
export async function applyRestrictionEvent<DB>(
  anyDb: Kysely<DB>,
  e: EventPayload<typeof events.personRestricted>,
): Promise<void> {
  const db = asModel(anyDb);
  const at = new Date(e.at);
  if (e.restriction === 'lift' || e.restriction === 'unfreeze') {
    await db
      .deleteFrom('person_restrictions')
      .where('person_id', '=', e.person_id)
      .where('at', '<=', at)
      .where('restriction', e.restriction === 'lift' ? '!=' : '=', FREEZE)
      .execute();
    return;
  }
  if (e.user_ids.length === 0) return;
  const until = e.until ? new Date(e.until) : null;
  await db
    .insertInto('person_restrictions')
    .values(
      e.user_ids.map((user_id) => ({
        user_id,
        person_id: e.person_id,
        restriction: e.restriction,
        until,
        event_id: e.event_id,
        at,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'restriction'])
        .doUpdateSet({ until, event_id: e.event_id, at, person_id: e.person_id })
        .where('person_restrictions.at', '<=', at),
    )
    .execute();
}

/**
 * Keeps the table from the durable event; `then` runs after it is stored (calls ends live calls).
 */
export const subscribeRestrictions = (
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's database with the table
  ctx: BaseContext & { db: Kysely<any> },
  then?: (e: EventPayload<typeof events.personRestricted>) => Promise<void>,
): Subscription =>
  ctx.bus.subscribe(
    events.personRestricted,
    async (e) => {
      await applyRestrictionEvent(ctx.db, e);
      await then?.(e);
    },
    serviceQueue(ctx),
  );

/**
 * Is this character restricted at `now`, and how: the strongest standing restriction (ban over
 * suspend over mute) with its end (null: until lifted), or undefined.
 */
export async function restrictionOf<DB>(
  anyDb: Kysely<DB>,
  userId: string,
  now: Date,
): Promise<{ restriction: Restriction; until: Date | null } | undefined> {
  // Asked before every voice, call and image a person starts: prepared (ADR 0003), so neither
  // kysely's compile nor PostgreSQL's parse and plan is paid per send. (Chat's other sends read the
  // same subquery inside their own statement.)
  const { rows } = await sql<{ restriction: Restriction; until: Date | null }>`${prepared('kit_restriction_of')}
    select s.restriction, s.until from ${standingSilencing(sql.val(userId), sql.val(now))} s`.execute(anyDb);
  return rows[0];
}

/**
 * Characters whose suspension (or ban with an end) ran out in (since, until]. Nothing is published
 * when it does — the end was set with the restriction — so a service that told open lists the voices
 * went away asks this to tell them they are back.
 */
export async function removalsEndedBetween<DB>(anyDb: Kysely<DB>, since: Date, until: Date): Promise<string[]> {
  const rows = await asModel(anyDb)
    .selectFrom('person_restrictions')
    .select('user_id')
    .distinct()
    .where('restriction', 'in', REMOVING)
    .where('until', '>', since)
    .where('until', '<=', until)
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * Refuses what a muted (or suspended, or banned) person may not do — post a voice or a theme, send
 * a message, place a call — with the end of the restriction in words (403, which every screen shows
 * as the message). Receiving stays allowed: only the sender's side calls this.
 */
export async function assertMaySpeak<DB>(anyDb: Kysely<DB>, userId: string, now: Date): Promise<void> {
  const r = await restrictionOf(anyDb, userId, now);
  if (r) throw silencedError(r.until);
}

/** The refusal of what a silenced person tried (403, the restriction's end in words). */
export const silencedError = (until: Date | null) => new AppError(403, 'restricted', restrictedUntil(until));

/**
 * For a statement that reads it with other facts (chat's send, issue 32: one round trip per send):
 * the strongest silencing restriction standing for `userColumn` at `now`, as a subquery of one row
 * (`restriction`, `until`) or none — `left join lateral … on <condition>`. `restrictionOf` reads it too,
 * so the rule is written once.
 */
export function standingSilencing(userColumn: Expression<string>, now: Expression<Date>) {
  return sql<{ restriction: string; until: Date | null }>`(
    select pr.restriction, pr.until from person_restrictions pr
    where pr.user_id = ${userColumn} and pr.restriction in (${SILENCING_SQL})
      and (pr.until is null or pr.until > ${now})
    order by array_position(array[${SILENCING_SQL}]::text[], pr.restriction) desc limit 1)`;
}

/**
 * A condition for queries: the character in column `userColumn` (e.g. `t.user_id`) is neither
 * suspended nor banned at `now` (their voices are gone for others while it lasts).
 */
export function notRemovedByRestriction(userColumn: Expression<string>, now: Date): Expression<SqlBool> {
  return sql<SqlBool>`not exists (
    select 1 from person_restrictions pr where pr.user_id = ${userColumn}
      and pr.restriction in (${REMOVING_SQL})
      and (pr.until is null or pr.until > ${now}))`;
}

/** The same for one row already read. */
export async function removedByRestriction<DB>(anyDb: Kysely<DB>, userId: string, now: Date): Promise<boolean> {
  const r = await restrictionOf(anyDb, userId, now);
  return r !== undefined && REMOVING.includes(r.restriction);
}

/**
 * Whether this character's points are frozen at `now` (ADR 0030), and until when (null: until
 * unfrozen); undefined when not. Only points asks.
 */
export async function pointsFrozen<DB>(
  anyDb: Kysely<DB>,
  userId: string,
  now: Date,
): Promise<{ until: Date | null } | undefined> {
  const row = await asModel(anyDb)
    .selectFrom('person_restrictions as pr')
    .select('until')
    .where(frozenRestriction(sql.val(userId), now))
    .executeTakeFirst();
  return row ? { until: row.until } : undefined;
}

/**
 * A condition on `person_restrictions as pr`: the row freezes the points of the character in
 * `userColumn` at `now`. The one definition of "frozen" for `pointsFrozen` and for statements that
 * read it alongside other facts (points' transfer reads it with the row locks, in one round trip).
 */
export function frozenRestriction(userColumn: Expression<string>, now: Date): Expression<SqlBool> {
  return sql<SqlBool>`pr.user_id = ${userColumn} and pr.restriction = ${sql.lit(FREEZE)}
    and (pr.until is null or pr.until > ${now})`;
}

/** `frozenRestriction` as a test a statement can select: is this character's spending frozen at `now`. */
export function pointsFrozenSql(userColumn: Expression<string>, now: Date): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from person_restrictions as pr where ${frozenRestriction(userColumn, now)})`;
}
