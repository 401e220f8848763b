import { useSyncExternalStore } from 'react';

import { getApi, type UserInfo } from '@honne/api-client';

const subscribe = (onChange: () => void) => getApi().client.session.subscribe(onChange);
const read = () => getApi().client.session.get();

/** The signed-in user from `user_info`, re-rendering on login, logout and refresh. */
export function useSession(): UserInfo | null {
  return useSyncExternalStore(subscribe, read, read);
}
