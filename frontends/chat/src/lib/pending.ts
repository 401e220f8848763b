import type { MessageCreateBody } from '@honne/contracts/chat';

/** A message that could not be sent, kept on this device and resent when its room opens (spec §4). */
export interface PendingMessage {
  body: MessageCreateBody & { client_id: string };
  created_at: string;
}

const key = (roomId: string) => `chat_pending_${roomId}`;

export function loadPending(roomId: string): PendingMessage[] {
  try {
    const raw = localStorage.getItem(key(roomId));
    return raw ? (JSON.parse(raw) as PendingMessage[]) : [];
  } catch {
    return [];
  }
}

function save(roomId: string, list: PendingMessage[]) {
  try {
    if (list.length) localStorage.setItem(key(roomId), JSON.stringify(list));
    else localStorage.removeItem(key(roomId));
  } catch {
    // Storage full: the message stays on screen as sent_fail with its resend button.
  }
}

export function addPending(roomId: string, p: PendingMessage) {
  const list = loadPending(roomId).filter((x) => x.body.client_id !== p.body.client_id);
  save(roomId, [...list, p]);
}

export function removePending(roomId: string, clientId: string) {
  save(
    roomId,
    loadPending(roomId).filter((x) => x.body.client_id !== clientId),
  );
}

export const newClientId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
