import { getApi } from '@honne/api-client';
import { messagePreview } from '@honne/contracts/chat';
import { useEffect, useRef, useState } from 'react';

/** Unread counts per room, live from the app's unread store (the same numbers the tab badges add up). */
export function useRoomUnread(): Readonly<Record<string, number>> {
  const [rooms, setRooms] = useState<Readonly<Record<string, number>>>(() => getApi().unread.current.rooms);
  useEffect(() => getApi().unread.subscribe((s) => setRooms(s.rooms)), []);
  return rooms;
}

/** Calls `onMessage(roomId, preview)` for every message that arrives in any room, so rows stay current. */
export function useRoomMessages(onMessage: (roomId: string, preview: string) => void): void {
  const latest = useRef(onMessage);
  latest.current = onMessage;
  useEffect(() => getApi().realtime.on('messageCreated', (m) => latest.current(m.room_id, messagePreview(m))), []);
}
