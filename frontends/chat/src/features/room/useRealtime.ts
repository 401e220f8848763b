import { getApi } from '@honne/api-client';
import type { Room } from '@honne/contracts/chat';
import { useEffect, type Dispatch, type SetStateAction } from 'react';

import { nextStatus } from '../../lib/status.ts';
import { strings } from '../../strings.ts';

import type { ViewMessage } from './MessageItem.tsx';
import { merge, previewOf, toView } from './room-messages.ts';

interface RoomFeed {
  setItems: Dispatch<SetStateAction<ViewMessage[] | null>>;
  setRoom: (room: Room) => void;
  fetchRoom: () => Promise<Room>;
  gone: (why?: 'gone' | 'expired') => Promise<void>;
  loadMessages: () => Promise<void>;
  /** Says a new message from the partner to screen readers. */
  announce: (text: string) => void;
}

/** The room's real-time events, and a catch-up after a reconnect (the server's list is the truth). */
export function useRealtime(roomId: string, { setItems, setRoom, fetchRoom, gone, loadMessages, announce }: RoomFeed) {
  useEffect(() => {
    const hub = getApi().realtime;
    const here = (id: string) => id === roomId;
    const dropIds = ({ room_id, ids }: { room_id: string; ids: string[] }) => {
      if (!here(room_id)) return;
      const gone = new Set(ids);
      setItems((list) => (list ? list.filter((m) => !gone.has(m.id)) : list));
    };
    const roomGone = ({ room_id, expired }: { room_id: string; expired?: boolean }) => {
      if (here(room_id)) void gone(expired === true ? 'expired' : 'gone');
    };
    const offs = [
      hub.on('messageCreated', (message) => {
        if (!here(message.room_id)) return;
        const m = toView(message);
        setItems((list) => merge(list ?? [], [m]));
        if (!m.is_mine) announce(strings.newMessage(m.user_name ?? strings.anonymous, previewOf(m)));
      }),
      hub.on('messageRead', (read) => {
        if (!here(read.room_id)) return;
        const ids = new Set(read.ids);
        // My own reads (another tab) mark received messages; the partner's mark my sent ones.
        setItems((list) =>
          list
            ? list.map((m) =>
                !ids.has(m.id) || m.is_mine === (read.by_me === true)
                  ? m
                  : read.by_me === true
                    ? { ...m, local: 'read' }
                    : { ...m, local: nextStatus(m.local, { type: 'read' }) },
              )
            : list,
        );
      }),
      hub.on('messageDeleted', dropIds),
      hub.on('messageExpired', dropIds),
      // 'room.updated' carries the room itself.
      hub.on('roomUpdated', (room) => {
        if (!here(room.id)) return;
        void fetchRoom()
          .then((r) => (r.deleted ? gone() : setRoom(r)))
          .catch(() => undefined);
      }),
      hub.on('topicRoomDeleted', roomGone),
      hub.on('friendRoomDeleted', roomGone),
    ];
    const off = () => offs.forEach((o) => o());
    let wasOpen = hub.status === 'open';
    const offStatus = hub.onStatus((status) => {
      if (status === 'open' && !wasOpen) void loadMessages().catch(() => undefined);
      wasOpen = status === 'open';
    });
    return () => {
      off();
      offStatus();
    };
  }, [roomId, loadMessages, gone, setItems, setRoom, fetchRoom, announce]);
}
