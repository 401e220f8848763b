import { getApi } from '@honne/api-client';
import { CHAT_REALTIME_TYPES, type Room } from '@honne/contracts/chat';
import { dataOf, realtimeEvents } from '@honne/contracts/realtime-events';
import { useEffect, type Dispatch, type SetStateAction } from 'react';

import { nextStatus } from '../../lib/status.ts';
import { strings } from '../../strings.ts';

import type { ViewMessage } from './MessageItem.tsx';
import { idsOf, merge, previewOf, toView } from './room-messages.ts';

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
    const off = hub.subscribe((event) => {
      const data = (event.data ?? {}) as Record<string, unknown>;
      // Message events name their room; 'room.updated' carries the room itself.
      const about = event.type === CHAT_REALTIME_TYPES.roomUpdated ? data.id : data.room_id;
      if (about !== roomId) return;
      switch (event.type) {
        case CHAT_REALTIME_TYPES.messageCreated: {
          const m = toView(dataOf(event, realtimeEvents.messageCreated)!);
          setItems((list) => merge(list ?? [], [m]));
          if (!m.is_mine) announce(strings.newMessage(m.user_name ?? strings.anonymous, previewOf(m)));
          break;
        }
        case CHAT_REALTIME_TYPES.messageRead: {
          const ids = idsOf(data);
          // My own reads (another tab) mark received messages; the partner's mark my sent ones.
          if (data.by_me === true) {
            setItems((list) =>
              list ? list.map((m) => (ids.has(m.id) && !m.is_mine ? { ...m, local: 'read' } : m)) : list,
            );
            break;
          }
          setItems((list) =>
            list
              ? list.map((m) =>
                  ids.has(m.id) && m.is_mine ? { ...m, local: nextStatus(m.local, { type: 'read' }) } : m,
                )
              : list,
          );
          break;
        }
        case CHAT_REALTIME_TYPES.messageDeleted:
        case CHAT_REALTIME_TYPES.messageExpired: {
          const ids = idsOf(data);
          setItems((list) => (list ? list.filter((m) => !ids.has(m.id)) : list));
          break;
        }
        case CHAT_REALTIME_TYPES.roomUpdated:
          void fetchRoom()
            .then((r) => (r.deleted ? gone() : setRoom(r)))
            .catch(() => undefined);
          break;
        case CHAT_REALTIME_TYPES.topicRoomDeleted:
        case CHAT_REALTIME_TYPES.friendRoomDeleted:
          void gone(data.expired === true ? 'expired' : 'gone');
          break;
        default:
      }
    });
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
