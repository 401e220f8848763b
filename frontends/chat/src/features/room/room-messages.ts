import { MESSAGE_PREVIEW, MESSAGE_TYPES, type Message, type MessageCreateBody } from '@honne/contracts/chat';

import { myUserId } from '../../lib/nav.ts';
import { soundName } from '../../lib/sounds.ts';
import type { LocalStatus } from '../../lib/status.ts';

import type { ViewMessage } from './MessageItem.tsx';

// The room's message list as the screen keeps it: server messages and the sender's local drafts.

/** The seq of a message only this device knows (sending or failed): always last. */
export const LOCAL_SEQ = Number.MAX_SAFE_INTEGER;
/** Messages per page: the newest page opens the room, older ones load as the reader scrolls up. */
export const PAGE_SIZE = 50;

export const toView = (m: Message): ViewMessage => ({
  ...m,
  local: (m.is_mine
    ? m.status === 'read'
      ? 'read'
      : m.status === 'refused'
        ? 'refused'
        : 'sent_success'
    : m.is_read
      ? 'read'
      : 'received') as LocalStatus,
});

/** Oldest first, no duplicates (by id or client_id), local ones (sending/failed) at the end. */
export function merge(list: ViewMessage[], incoming: ViewMessage[]): ViewMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of incoming) {
    if (m.client_id) {
      const local = `local:${m.client_id}`;
      if (byId.has(local)) byId.delete(local);
    }
    byId.set(m.id, m);
  }
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** What the screen reader announces of a new message. */
export function previewOf(m: Message): string {
  if (m.is_sound) return `${MESSAGE_PREVIEW.sound} ${soundName(m.sound_tab ?? 0, m.sound_item ?? 0)}`;
  if (m.message_type_id === MESSAGE_TYPES.image || m.message_type_id === MESSAGE_TYPES.base64Image)
    return MESSAGE_PREVIEW.image;
  if (m.message_type_id === MESSAGE_TYPES.stamp) return MESSAGE_PREVIEW.stamp;
  return m.data;
}

export const localId = (clientId: string) => `local:${clientId}`;

/** The sender's own message as it shows while it is being sent. */
export function draftOf(
  body: Omit<MessageCreateBody, 'room_id'>,
  roomId: string,
  clientId: string,
  createdAt: string,
): ViewMessage {
  return {
    id: localId(clientId),
    message_type_id: body.message_type_id,
    room_id: roomId,
    topic_id: null,
    user_id: myUserId(),
    user_name: null,
    receiver_id: null,
    is_anonymous: false,
    is_mine: true,
    data: body.data ?? '',
    size: body.size ?? null,
    stamp_id: body.stamp_id ?? null,
    is_sound: body.is_sound ?? false,
    sound_tab: body.sound_tab ?? null,
    sound_item: body.sound_item ?? null,
    is_voice: false,
    is_read: false,
    status: 'sending',
    client_id: clientId,
    topic_title: null,
    room_type_id: 0,
    created_at: createdAt,
    expire_at: new Date(Date.now() + 3_600_000).toISOString(),
    seq: LOCAL_SEQ,
    local: 'sending',
  };
}
