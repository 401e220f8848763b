import type { Kysely, Transaction } from 'kysely';

import type { AccountsDb } from '../schema/index.ts';
import type { Session } from '../schema/sessions.ts';

type Db = Kysely<AccountsDb> | Transaction<AccountsDb>;

export interface Device {
  device_id: string;
  device_type: string | null;
  fcm_token: string | null;
  voip_token: string | null;
}

export function liveSessions(db: Db, userId: string): Promise<Session[]> {
  return db.selectFrom('sessions').selectAll().where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

/** Every session not ended. */
export function allLiveSessions(db: Db): Promise<Pick<Session, 'id' | 'user_id'>[]> {
  return db.selectFrom('sessions').select(['id', 'user_id']).where('revoked_at', 'is', null).execute();
}

export function findLive(db: Db, sessionId: string): Promise<Session | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export function insertSession(db: Db, userId: string, device: Device, now: Date): Promise<Session> {
  return db
    .insertInto('sessions')
    .values({ user_id: userId, ...device, created_at: now, revoked_at: null, revoked_reason: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Ends the given sessions (and their push subscriptions); returns the ones this call ended (not those ended before). */
export async function revokeSessions(db: Db, ids: string[], reason: string, now: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', 'in', ids)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  // An ended session's device gets no more pushes (logout, a login elsewhere, a reset).
  await db.deleteFrom('push_subscriptions').where('session_id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** A live session's push tokens; undefined when the session has ended. */
export function setPushTokens(
  db: Db,
  sessionId: string,
  tokens: Partial<Pick<Device, 'fcm_token' | 'voip_token'>>,
): Promise<Session | undefined> {
  return db
    .updateTable('sessions')
    .set({
      ...(tokens.fcm_token !== undefined && { fcm_token: tokens.fcm_token }),
      ...(tokens.voip_token !== undefined && { voip_token: tokens.voip_token }),
    })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
