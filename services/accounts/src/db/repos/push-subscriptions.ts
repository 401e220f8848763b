import type { Kysely, Transaction } from 'kysely';

import type { PushSubscriptionRow } from '../schema/push-subscriptions.ts';
import type { AccountsDb } from '../schema/index.ts';

type Db = Kysely<AccountsDb> | Transaction<AccountsDb>;

export interface NewPushSubscription {
  session_id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  show_text: boolean;
}

/** This session's subscription, if any. */
export function findForSession(db: Db, sessionId: string): Promise<PushSubscriptionRow | undefined> {
  return db.selectFrom('push_subscriptions').selectAll().where('session_id', '=', sessionId).executeTakeFirst();
}

/**
 * Stores a session's subscription, replacing its earlier one; the endpoint leaves any other session
 * that held it (the same browser, signed in as another character). Both in one transaction.
 */
export async function saveSubscription(db: Kysely<AccountsDb>, sub: NewPushSubscription, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('push_subscriptions')
      .where('endpoint', '=', sub.endpoint)
      .where('session_id', '!=', sub.session_id)
      .execute();
    await trx
      .insertInto('push_subscriptions')
      .values({ ...sub, created_at: now })
      .onConflict((oc) =>
        oc.column('session_id').doUpdateSet({
          endpoint: sub.endpoint,
          p256dh: sub.p256dh,
          auth: sub.auth,
          show_text: sub.show_text,
        }),
      )
      .execute();
  });
}

export async function deleteForSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('session_id', '=', sessionId).execute();
}

/** The push service said the subscription is gone (404/410): only that one, if it is still the same. */
export async function deleteByEndpoint(db: Db, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
}

/** The user's subscriptions on live sessions, with the user's call/message notification toggles. */
export function subscriptionsOf(db: Db, userId: string) {
  return db
    .selectFrom('push_subscriptions as p')
    .innerJoin('sessions as s', 's.id', 'p.session_id')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.endpoint', 'p.p256dh', 'p.auth', 'p.show_text', 'u.call_ringtone', 'u.message_ringtone'])
    .where('p.user_id', '=', userId)
    .where('s.revoked_at', 'is', null)
    .execute();
}

/** The name a notification may show for a user (null for a user gone or without one). */
export async function displayName(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('user_name').where('id', '=', userId).executeTakeFirst();
  return row?.user_name ?? null;
}
