import { getApi } from '@honne/api-client';
import { chatEndpoints } from '@honne/contracts/chat';
import { useCallback, useEffect, useRef, type Dispatch, type SetStateAction } from 'react';

import { client } from '../shared/api.ts';

import type { ViewMessage } from './MessageItem.tsx';

/**
 * Everything received is marked read while the room is on screen (retried every 5 s), and the open
 * room never counts as unread: opening it clears its count (spec §4).
 */
export function useReadMarks(
  roomId: string,
  items: ViewMessage[] | null,
  setItems: Dispatch<SetStateAction<ViewMessage[] | null>>,
) {
  const itemsRef = useRef<ViewMessage[]>([]);
  itemsRef.current = items ?? [];

  useEffect(() => {
    const unread = getApi().unread;
    unread.setActiveRoom(roomId);
    void unread.clearRoom(roomId).catch(() => undefined);
    return () => unread.setActiveRoom(null);
  }, [roomId]);

  const readTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reading = useRef(false);
  const markRead = useCallback(async () => {
    if (reading.current || document.visibilityState !== 'visible') return;
    const unread = itemsRef.current.filter((m) => !m.is_mine && m.local === 'received');
    if (!unread.length) return;
    reading.current = true;
    clearTimeout(readTimer.current);
    try {
      const last = unread[unread.length - 1]!;
      await client().call(chatEndpoints.read, { params: { id: roomId }, body: { message_id: last.id } });
      const ids = new Set(unread.map((m) => m.id));
      setItems((list) => (list ? list.map((m) => (ids.has(m.id) ? { ...m, local: 'read', is_read: true } : m)) : list));
      getApi().unread.announce();
    } catch {
      readTimer.current = setTimeout(() => void markRead(), 5000);
    } finally {
      reading.current = false;
    }
  }, [roomId, setItems]);

  useEffect(() => {
    if (items?.some((m) => !m.is_mine && m.local === 'received')) void markRead();
  }, [items, markRead]);
  useEffect(() => {
    const onVisible = () => void markRead();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      clearTimeout(readTimer.current);
    };
  }, [markRead]);
}
