import { getApi } from '@honne/api-client';

/** A friend call from the friend list or detail: the overlay records the greeting and places it. */
export function startFriendCall(userId: string): void {
  getApi()
    .calls.start({ kind: 'friend', user_id: userId })
    .catch((error: unknown) => console.error('could not start the call', error));
}
