import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';

import { enqueueEvent, notBlockedWith, notRemovedByRestriction, upsertNewest } from '@honne/service-kit';
import { events, type EventPayload } from '@honne/contracts/events';

import type { Cursor, TopicWithPoster, NewTopic, TopicRow, TopicsDb } from '../schema/index.ts';

export interface TopicFilter {
  threadId?: string;
  areaId?: number;
  categoryId?: number;
  subCategoryId?: number;
  gender?: string;
  ageId?: number;
  /** 1 present, 2 not present (presence read model). */
  presence?: 1 | 2;
  /** Sub-categories whose voices the caller may not see (locked gates). */
  excludeSubCategories?: number[];
  /** Leaves out the voices of everyone this user blocks or is blocked by. */
  viewerId?: string;
}

/** A topic row with its poster's card columns and its theme's owner, as views need it. */
function withPoster(db: Kysely<TopicsDb> | Transaction<TopicsDb>) {
  return db
    .selectFrom('topics as t')
    .leftJoin('user_cards as uc', 'uc.user_id', 't.user_id')
    .innerJoin('threads as th', 'th.id', 't.thread_id')
    .selectAll('t')
    .select([
      'uc.user_name as poster_name',
      'uc.profile_image as poster_image',
      'uc.gender as poster_gender',
      'uc.age_id as poster_age_id',
      'uc.area_id as poster_area_id',
      'uc.is_expert as poster_expert',
      'th.user_id as thread_user_id',
    ]);
}

/** Live voices (expire_at after `now`), newest first, one keyset page. */
export async function listLive(
  db: Kysely<TopicsDb>,
  now: Date,
  filter: TopicFilter,
  cursor: Cursor | undefined,
  limit: number,
): Promise<TopicWithPoster[]> {
  return (await listLiveQuery(db, now, filter, cursor, limit).execute()) as TopicWithPoster[];
}

/** The query of `listLive`, unexecuted (the bench EXPLAINs exactly this). */
export function listLiveQuery(
  db: Kysely<TopicsDb>,
  now: Date,
  filter: TopicFilter,
  cursor: Cursor | undefined,
  limit: number,
) {
  let q = withPoster(db).where('t.expire_at', '>', now);
  if (filter.threadId) q = q.where('t.thread_id', '=', filter.threadId);
  if (filter.subCategoryId) q = q.where('t.sub_category_id', '=', filter.subCategoryId);
  if (filter.areaId) q = q.where('t.area_id', '=', filter.areaId);
  if (filter.categoryId) q = q.where('t.category_id', '=', filter.categoryId);
  // An anonymous poster shows no gender, age or presence, so a filter on them cannot match it
  // (otherwise toggling the filter would tell what the card hides).
  if (filter.gender || filter.ageId || filter.presence) q = q.where('t.is_anonymous', '=', false);
  if (filter.gender) q = q.where('uc.gender', '=', filter.gender);
  if (filter.ageId) q = q.where('uc.age_id', '=', filter.ageId);
  if (filter.excludeSubCategories?.length) q = q.where('t.sub_category_id', 'not in', filter.excludeSubCategories);
  // A person block hides named voices only: an anonymous voice vanishing on a block would name its
  // poster (ADR 0020).
  if (filter.viewerId) {
    const viewer = filter.viewerId;
    q = q.where((eb) => eb.or([eb('t.is_anonymous', '=', true), notBlockedWith(viewer, sql.ref<string>('t.user_id'))]));
  }
  // Moderation (issue 27): a voice an operator hid, and every voice of a suspended or banned
  // person, are gone for everyone but their poster.
  if (filter.viewerId) q = q.where(visibleDespiteModeration(filter.viewerId, now));
  if (filter.presence) {
    const online = sql<boolean>`exists (select 1 from user_presence p where p.user_id = t.user_id and p.online)`;
    q = q.where(filter.presence === 1 ? online : sql<boolean>`not ${online}`);
  }
  if (cursor) q = q.where(sql<boolean>`(t.created_at, t.id) < (${cursor.at}, ${cursor.id})`);
  return q.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').limit(limit);
}

/** The poster, or no operator hid the voice and its poster is neither suspended nor banned at `now`. */
function visibleDespiteModeration(viewerId: string, now: Date) {
  return sql<boolean>`(t.user_id = ${viewerId} or (
    not exists (select 1 from moderated_voices mv where mv.topic_id = t.id and mv.hidden)
    and ${notRemovedByRestriction(sql.ref<string>('t.user_id'), now)}))`;
}

/** Whether moderation keeps this voice from `viewerId` (undefined: from anyone but its poster). */
export async function moderatedAway(
  db: Kysely<TopicsDb>,
  t: { id: string; user_id: string },
  viewerId: string | undefined,
  now: Date,
): Promise<boolean> {
  if (viewerId === t.user_id) return false;
  const row = await db
    .selectFrom('topics as t')
    .select('t.id')
    .where('t.id', '=', t.id)
    .where(visibleDespiteModeration(viewerId ?? '', now))
    .executeTakeFirst();
  return row === undefined;
}

/** An operator hid a voice or showed it again; a late event never undoes a newer decision. */
export async function setVoiceModerated(db: Kysely<TopicsDb>, topicId: string, hidden: boolean, at: Date) {
  await upsertNewest(db, 'moderated_voices', ['topic_id'], { topic_id: topicId, hidden, updated_at: at });
}

export async function findLive(db: Kysely<TopicsDb>, id: string, now: Date): Promise<TopicWithPoster | undefined> {
  return (await withPoster(db).where('t.id', '=', id).where('t.expire_at', '>', now).executeTakeFirst()) as
    TopicWithPoster | undefined;
}

export async function findLiveMany(
  db: Kysely<TopicsDb>,
  ids: string[],
  now: Date,
): Promise<Map<string, TopicWithPoster>> {
  if (ids.length === 0) return new Map();
  const rows = (await withPoster(db)
    .where('t.id', 'in', [...new Set(ids)])
    .where('t.expire_at', '>', now)
    .execute()) as TopicWithPoster[];
  return new Map(rows.map((r) => [r.id, r]));
}

export async function listMineInThread(
  db: Kysely<TopicsDb>,
  userId: string,
  threadId: string,
  now: Date,
): Promise<TopicWithPoster[]> {
  return (await withPoster(db)
    .where('t.user_id', '=', userId)
    .where('t.thread_id', '=', threadId)
    .where('t.expire_at', '>', now)
    .orderBy('t.created_at', 'desc')
    .execute()) as TopicWithPoster[];
}

/** The live voices of these characters (a restriction on their person began or ended). */
export async function listLiveOf(db: Kysely<TopicsDb>, userIds: string[], now: Date): Promise<TopicWithPoster[]> {
  if (userIds.length === 0) return [];
  return (await withPoster(db)
    .where('t.user_id', 'in', userIds)
    .where('t.expire_at', '>', now)
    .orderBy('t.created_at', 'desc')
    .execute()) as TopicWithPoster[];
}

export async function countLive(
  db: Kysely<TopicsDb>,
  threadId: string,
  now: Date,
): Promise<{ total: number; total_callable: number }> {
  const row = await db
    .selectFrom('topics')
    .select([sql<string>`count(*)`.as('total'), sql<string>`count(*) filter (where is_callable)`.as('total_callable')])
    .where('thread_id', '=', threadId)
    .where('expire_at', '>', now)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), total_callable: Number(row.total_callable) };
}

/** What removing voices took with it, for the events that tell owners and watchers. */
export interface Removed {
  topics: Pick<
    TopicRow,
    'id' | 'thread_id' | 'user_id' | 'expire_at' | 'category_id' | 'sub_category_id' | 'is_anonymous'
  >[];
  history: { id: string; user_id: string; topic_id: string; room_id: string }[];
}

/** Why voices went: expiry is `topics.topic.expired`, anything else `topics.topic.deleted`. */
export type RemovedWhy = 'expired' | 'replaced' | 'user_deleted' | 'discarded';

/**
 * Deletes voices with their history entries, replies and clicks (cascades), reporting what went,
 * and queues each voice's durable event in the same transaction (issue 12: chat removes the
 * voice's rooms from it, so it must not be lost to a NATS outage or a crash after the commit).
 */
export async function deleteTopics(
  trx: Transaction<TopicsDb>,
  ids: string[],
  why: RemovedWhy,
  now: Date,
): Promise<Removed> {
  if (ids.length === 0) return { topics: [], history: [] };
  const history = await trx
    .deleteFrom('history')
    .where('topic_id', 'in', ids)
    .returning(['id', 'user_id', 'topic_id', 'room_id'])
    .execute();
  const topics = await trx
    .deleteFrom('topics')
    .where('id', 'in', ids)
    .returning(['id', 'thread_id', 'user_id', 'expire_at', 'category_id', 'sub_category_id', 'is_anonymous'])
    .execute();
  for (const t of topics) {
    const base = { topic_id: t.id, thread_id: t.thread_id, user_id: t.user_id };
    if (why === 'expired')
      await enqueueEvent(
        trx,
        events.topicExpired,
        `expired:${t.id}`,
        {
          ...base,
          expire_at: new Date(t.expire_at).toISOString(),
        },
        now,
      );
    else
      await enqueueEvent(
        trx,
        events.topicDeleted,
        `deleted:${t.id}`,
        { ...base, reason: why, deleted_at: now.toISOString() },
        now,
      );
  }
  return { topics, history };
}

export interface PostOutcome {
  topic: TopicRow;
  replaced: Removed;
  limited: boolean;
}

/**
 * Posts a voice, deleting the poster's earlier voices in the theme in the same transaction.
 * Posts to one theme are serialised (advisory lock) so the per-theme limit holds under load.
 */
export async function postTopic(
  db: Kysely<TopicsDb>,
  values: NewTopic,
  limit: number | null,
  now: Date,
  filtered?: VoiceFiltered,
): Promise<PostOutcome> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${values.thread_id}))`.execute(trx);
    if (limit !== null) {
      const { n } = await trx
        .selectFrom('topics')
        .select(sql<string>`count(*)`.as('n'))
        .where('thread_id', '=', values.thread_id)
        .where('user_id', '!=', values.user_id)
        .where('expire_at', '>', now)
        .executeTakeFirstOrThrow();
      if (limit <= Number(n))
        return { topic: undefined as never, replaced: { topics: [], history: [] }, limited: true };
    }
    const earlier = await trx
      .selectFrom('topics')
      .select('id')
      .where('thread_id', '=', values.thread_id)
      .where('user_id', '=', values.user_id)
      .execute();
    const replaced = await deleteTopics(
      trx,
      earlier.map((e) => e.id),
      'replaced',
      now,
    );
    const topic = await trx.insertInto('topics').values(values).returningAll().executeTakeFirstOrThrow();
    if (filtered) await queueFiltered(trx, topic, filtered, now);
    return { topic, replaced, limited: false };
  });
}

/** What the filter asked a moderator to see of a voice (ADR 0037), with the text as written. */
export interface VoiceFiltered {
  action: 'hold' | 'flag';
  entries: string[];
  text: { title: string; detail: string; comment: string };
}

/**
 * A held voice is hidden from everyone but its poster until an operator decides (the same row an
 * operator's hide writes, so every read already leaves it out), and the queue item goes through the
 * outbox in the voice's own transaction: the voice is never stored held without its queue item.
 */
async function queueFiltered(trx: Transaction<TopicsDb>, topic: TopicRow, f: VoiceFiltered, now: Date) {
  if (f.action === 'hold')
    await trx.insertInto('moderated_voices').values({ topic_id: topic.id, hidden: true, updated_at: now }).execute();
  await enqueueEvent(
    trx,
    events.voiceFiltered,
    `voice-filtered:${topic.id}`,
    {
      topic_id: topic.id,
      thread_id: topic.thread_id,
      poster_id: topic.user_id,
      action: f.action,
      ...f.text,
      entries: f.entries,
      at: now.toISOString(),
    },
    now,
  );
}

/** An operator released a held voice (shown from `at`) or discarded it (deleted, announced as gone). */
export async function decideHeldVoice(
  db: Kysely<TopicsDb>,
  topicId: string,
  release: boolean,
  at: Date,
): Promise<Removed | undefined> {
  if (release) {
    await setVoiceModerated(db, topicId, false, at);
    return undefined;
  }
  return db.transaction().execute((trx) => deleteTopics(trx, [topicId], 'discarded', at));
}

export async function setCallable(db: Kysely<TopicsDb>, id: string, isCallable: boolean): Promise<void> {
  await db.updateTable('topics').set({ is_callable: isCallable }).where('id', '=', id).execute();
}

/** Counts a click once per user and voice; concurrent clicks of one user race on the primary key. */
export async function recordClick(
  db: Kysely<TopicsDb>,
  topicId: string,
  userId: string,
  at: Date,
): Promise<{ counted: boolean; click_number: number }> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('topic_clicks')
      .values({ topic_id: topicId, user_id: userId, created_at: at })
      .onConflict((oc) => oc.columns(['topic_id', 'user_id']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (inserted) {
      const row = await trx
        .updateTable('topics')
        .set({ click_number: sql`click_number + 1` })
        .where('id', '=', topicId)
        .returning('click_number')
        .executeTakeFirstOrThrow();
      return { counted: true, click_number: row.click_number };
    }
    const row = await trx
      .selectFrom('topics')
      .select('click_number')
      .where('id', '=', topicId)
      .executeTakeFirstOrThrow();
    return { counted: false, click_number: row.click_number };
  });
}

/** A heart, once per user and voice, like a click. */
export async function recordHeart(
  db: Kysely<TopicsDb>,
  topicId: string,
  userId: string,
  at: Date,
): Promise<{ counted: boolean; heart_number: number }> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('topic_hearts')
      .values({ topic_id: topicId, user_id: userId, created_at: at })
      .onConflict((oc) => oc.columns(['topic_id', 'user_id']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    const row = inserted
      ? await trx
          .updateTable('topics')
          .set({ heart_number: sql`heart_number + 1` })
          .where('id', '=', topicId)
          .returning('heart_number')
          .executeTakeFirstOrThrow()
      : await trx.selectFrom('topics').select('heart_number').where('id', '=', topicId).executeTakeFirstOrThrow();
    return { counted: inserted !== undefined, heart_number: row.heart_number };
  });
}

/** Claims up to `batch` expired voices and deletes them with what hangs on them. */
export async function deleteExpiredBatch(db: Kysely<TopicsDb>, now: Date, batch: number): Promise<Removed> {
  return db.transaction().execute(async (trx) => {
    const ids = await trx
      .selectFrom('topics')
      .select('id')
      .where('expire_at', '<=', now)
      .orderBy('expire_at')
      .limit(batch)
      .forUpdate()
      .skipLocked()
      .execute();
    return deleteTopics(
      trx,
      ids.map((r) => r.id),
      'expired',
      now,
    );
  });
}

export async function idsOfUser(db: Kysely<TopicsDb>, userId: string): Promise<string[]> {
  return (await db.selectFrom('topics').select('id').where('user_id', '=', userId).execute()).map((r) => r.id);
}

/**
 * A report on a voice, kept for operators with its poster (the voice itself may expire first), and
 * queued in the same transaction for the moderation service with the voice's text as it stands.
 */
export async function insertTopicReport(
  db: Kysely<TopicsDb>,
  report: Insertable<TopicsDb['topic_reports']> & { created_at: Date },
  voice: EventPayload<typeof events.voiceReported>['voice'],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('topic_reports').values(report).returning('id').executeTakeFirstOrThrow();
    await enqueueEvent(
      trx,
      events.voiceReported,
      `voice-report:${id}`,
      {
        report_id: id,
        topic_id: report.topic_id,
        poster_id: report.poster_id,
        reporter_id: report.reporter_id,
        content: report.content,
        voice,
        at: report.created_at.toISOString(),
      },
      report.created_at,
    );
  });
}
