import type { Envelope } from '@honne/contracts';

export const ok = <T>(data: T, lastDocId: string | null = null): Envelope<T> => ({
  data,
  status: 200,
  error: null,
  last_doc_id: lastDocId,
});
