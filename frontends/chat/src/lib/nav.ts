import { STORAGE_KEYS, getApi } from '@honne/api-client';

/** Spec §2: back from a room goes to the remembered tab (search 1, home 2, history 3, friends 4). */
export function backPathFor(tabIndex: string | null): string {
  switch (tabIndex) {
    case '1':
      return '/search';
    case '3':
      return '/history';
    case '4':
      return '/friendlist';
    default:
      return '/';
  }
}

export const rememberedBackPath = () => backPathFor(getApi().client.storage.getItem(STORAGE_KEYS.tabIndex));

export const myUserId = () => getApi().client.session.get()?.user_id ?? null;
