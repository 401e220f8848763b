import type { Envelope } from '@honne/contracts';

export const ok = <T>(data: T, lastDocId: string | null = null): Envelope<T> => ({
  data,
  status: 200,
  error: null,
  last_doc_id: lastDocId,
});

/** Reference data (areas, ages, categories): the same for everyone, changed only by a deploy. */
export const CACHE_PUBLIC = 'public, max-age=3600';
/** An answer that depends on the caller and changes with what they do (a sub-category's gate passed). */
export const CACHE_PRIVATE = 'private, no-cache';
