/** A list loaded 30 at a time by `last_doc_id` (spec §7/§9) until an empty page comes back. */
export interface Paged<T extends { id: string }> {
  items: T[];
  cursor: string | null;
  /** No further page: an empty page came back, or the server gave no cursor. */
  done: boolean;
}

export const emptyPaged = <T extends { id: string }>(): Paged<T> => ({ items: [], cursor: null, done: false });

/** Adds a page after what is shown; rows already shown (moved by real-time inserts) are not repeated. */
export function appendPage<T extends { id: string }>(
  state: Paged<T>,
  page: readonly T[],
  cursor: string | null,
): Paged<T> {
  const seen = new Set(state.items.map((i) => i.id));
  const fresh = page.filter((i) => !seen.has(i.id));
  return { items: [...state.items, ...fresh], cursor, done: page.length === 0 || cursor === null };
}

/** A new row at the top (a real-time voice); nothing changes when it is already shown. */
export function prependItem<T extends { id: string }>(state: Paged<T>, item: T): Paged<T> {
  if (state.items.some((i) => i.id === item.id)) return state;
  return { ...state, items: [item, ...state.items] };
}

/** Newest first, as GET /topics orders: by `created_at`, then `id`, both descending. */
const newerThan = (a: { id: string; created_at: string }, b: { id: string; created_at: string }) =>
  a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id);

/**
 * A row shown again (a voice moderation restored) in its place among the newest-first rows; left
 * out when it is already shown or belongs below the rows loaded so far.
 */
export function placeItem<T extends { id: string; created_at: string }>(state: Paged<T>, item: T): Paged<T> {
  if (state.items.some((i) => i.id === item.id)) return state;
  const at = state.items.findIndex((i) => newerThan(item, i));
  // Below every loaded row while more pages remain: the next page brings it (an empty list takes it).
  if (at < 0 && !state.done && state.items.length > 0) return state;
  const items = [...state.items];
  items.splice(at < 0 ? items.length : at, 0, item);
  return { ...state, items };
}

export function removeItem<T extends { id: string }>(state: Paged<T>, id: string): Paged<T> {
  if (!state.items.some((i) => i.id === id)) return state;
  return { ...state, items: state.items.filter((i) => i.id !== id) };
}

/** Within `threshold` px of the bottom (spec §2 history: 50 px). */
export const nearBottom = (scrollTop: number, clientHeight: number, scrollHeight: number, threshold = 50) =>
  scrollTop + clientHeight >= scrollHeight - threshold;

/** A row's room got a message: show it as the row's latest (rows of other rooms stay as they are). */
export function withLatest<T extends { id: string; room_id: string; latest_message: string | null }>(
  s: Paged<T>,
  roomId: string,
  preview: string,
): Paged<T> {
  if (!s.items.some((i) => i.room_id === roomId)) return s;
  return { ...s, items: s.items.map((i) => (i.room_id === roomId ? { ...i, latest_message: preview } : i)) };
}
