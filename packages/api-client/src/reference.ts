import { profileEndpoints, type Named } from '@honne/contracts/profile';
import { topicsEndpoints, type Category, type SubCategory } from '@honne/contracts/topics';

import type { ApiClient } from './client.ts';
import { STORAGE_KEYS, type KeyValueStorage } from './storage.ts';

export interface ReferenceData {
  /** Epoch ms when it was loaded. */
  loaded_at: number;
  areas: Named[];
  categories: Category[];
  subCategories: SubCategory[];
}

/** The server marks reference data cacheable for an hour; the stored copy is kept as long. */
export const REFERENCE_MAX_AGE_MS = 60 * 60 * 1000;

/** The stored reference data, if any and still fresh. */
export function storedReference(storage: KeyValueStorage, now = Date.now()): ReferenceData | null {
  try {
    const value = JSON.parse(storage.getItem(STORAGE_KEYS.reference) ?? 'null') as ReferenceData | null;
    if (!value || typeof value.loaded_at !== 'number' || now - value.loaded_at > REFERENCE_MAX_AGE_MS) return null;
    if (![value.areas, value.categories, value.subCategories].every(Array.isArray)) return null;
    return value;
  } catch {
    return null;
  }
}

/**
 * Spec §2: the splash loads sub-categories, categories and areas if not yet loaded. The three are
 * public (no token), so this works before login; the copy is kept in storage and the browser's
 * HTTP cache serves the screens' own calls of the same URLs.
 */
export async function prefetchReference(
  client: Pick<ApiClient, 'call' | 'storage'>,
  now = Date.now(),
): Promise<ReferenceData> {
  const stored = storedReference(client.storage, now);
  if (stored) return stored;
  const [areas, categories, subCategories] = await Promise.all([
    client.call(profileEndpoints.areas).then((r) => r.data),
    client.call(topicsEndpoints.categories).then((r) => r.data),
    client.call(topicsEndpoints.subCategories).then((r) => r.data),
  ]);
  const data: ReferenceData = { loaded_at: now, areas, categories, subCategories };
  client.storage.setItem(STORAGE_KEYS.reference, JSON.stringify(data));
  return data;
}
