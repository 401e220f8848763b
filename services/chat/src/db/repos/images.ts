import type { Insertable, Kysely } from 'kysely';

import type { ChatDb, ImageTable } from '../schema/index.ts';

/** An upload the sender made in this room that has not expired: what an image message may name. */
export const findOwnUpload = (db: Kysely<ChatDb>, imageId: string, roomId: string, uploaderId: string, now: Date) =>
  db
    .selectFrom('images')
    .select(['id', 'width', 'height'])
    .where('id', '=', imageId)
    .where('room_id', '=', roomId)
    .where('uploader_id', '=', uploaderId)
    .where('expire_at', '>', now)
    .executeTakeFirst();

/** An image lives exactly as long as the message that shows it. */
export async function setImageExpiry(db: Kysely<ChatDb>, imageId: string, expireAt: Date): Promise<void> {
  await db.updateTable('images').set({ expire_at: expireAt }).where('id', '=', imageId).execute();
}

export async function insertImage(db: Kysely<ChatDb>, row: Insertable<ImageTable>): Promise<void> {
  await db.insertInto('images').values(row).execute();
}

/** The bytes of an image still alive, for GET /messages/images/{id}. */
export const findLiveImage = (db: Kysely<ChatDb>, imageId: string, now: Date) =>
  db
    .selectFrom('images')
    .select(['bytes', 'expire_at'])
    .where('id', '=', imageId)
    .where('expire_at', '>', now)
    .executeTakeFirst();

export async function deleteImagesOf(db: Kysely<ChatDb>, uploaderId: string): Promise<void> {
  await db.deleteFrom('images').where('uploader_id', '=', uploaderId).execute();
}

export async function deleteExpiredImages(db: Kysely<ChatDb>, now: Date): Promise<number> {
  const r = await db.deleteFrom('images').where('expire_at', '<=', now).executeTakeFirst();
  return Number(r.numDeletedRows);
}
