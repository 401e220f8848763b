import { fieldErrors } from '@honne/service-kit';
import { messages } from '@honne/contracts/messages';

/**
 * Keyset cursors: `last_doc_id` is `<epoch ms>_<uuid>` of the last row of a page, so the next page
 * starts strictly after (created_at, id) in newest-first order, stable while rows come and go.
 */
export interface Cursor {
  at: Date;
  id: string;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string | undefined | null): s is string => typeof s === 'string' && UUID_RE.test(s);

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
