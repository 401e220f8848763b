import { ROOM_TYPES, chatEndpoints } from '@honne/contracts/chat';
import { friendsEndpoints } from '@honne/contracts/friends';
import { usePopup } from '@honne/ui';
import { useCallback } from 'react';
import { useLocation } from 'wouter';

import { strings } from '../../strings.ts';
import { client, useFail } from '../shared/api.ts';

// What the friend list and a friend's detail both do to a friend.

/** Opens the friend room (`POST /rooms` reopens the existing one) and goes there. */
export function useOpenFriendRoom() {
  const [, navigate] = useLocation();
  const fail = useFail();
  return useCallback(
    async (userId: string) => {
      try {
        const r = await client().call(chatEndpoints.createRoom, {
          body: { room_type_id: ROOM_TYPES.chatFriend, user_id: userId },
        });
        navigate(`/chat/${r.data.id}`);
      } catch (error) {
        void fail(error);
      }
    },
    [navigate, fail],
  );
}

/** Block and delete with the spec's yes/no confirms; resolve true when done. */
export function useFriendActions() {
  const popup = usePopup();
  const fail = useFail();
  const block = useCallback(
    async (userId: string) => {
      const ok = await popup.confirm({ message: strings.confirmBlock, confirmLabel: strings.block, destructive: true });
      if (!ok) return false;
      try {
        await client().call(friendsEndpoints.block, { body: { id: userId } });
        return true;
      } catch (error) {
        void fail(error);
        return false;
      }
    },
    [popup, fail],
  );
  const remove = useCallback(
    async (userId: string) => {
      const ok = await popup.confirm({
        message: strings.confirmDelete,
        confirmLabel: strings.deleteFriend,
        destructive: true,
      });
      if (!ok) return false;
      try {
        await client().call(friendsEndpoints.remove, { body: { id: userId } });
        return true;
      } catch (error) {
        void fail(error);
        return false;
      }
    },
    [popup, fail],
  );
  return { block, remove };
}
