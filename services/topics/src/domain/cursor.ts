import { fieldErrors, isUuid } from '@honne/service-kit';

import { messages } from '@honne/contracts/messages';

import type { Cursor } from '../db/schema/index.ts';

/**
 * Keyset cursors: `last_doc_id` is `<epoch ms>_<uuid>` of the last row of a page, so the next page
 * starts strictly after (created_at, id) in newest-first order, stable while rows come and go.
 */

export const encodeCursor = (at: Date, id: string) => `${at.getTime()}_${id}`;

/** The cursor of `last_doc_id`, undefined for the first page; a malformed one is a 403 field error. */
export function decodeCursor(raw: string | undefined): Cursor | undefined {
  if (raw === undefined || raw === '') return undefined;
  const m = /^(\d{1,15})_(.+)$/.exec(raw);
  if (!m || !isUuid(m[2])) throw fieldErrors({ last_doc_id: messages.invalidInput });
  return { at: new Date(Number(m[1])), id: m[2]! };
}

export const nextCursor = <T extends { id: string }>(rows: T[], at: (row: T) => Date): string | null => {
  const last = rows.at(-1);
  return last ? encodeCursor(at(last), last.id) : null;
};
