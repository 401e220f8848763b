import type { Message } from '@honne/contracts/chat';

/**
 * A text message as chat hands it to its receiver's real-time stream, named and not anonymous;
 * push tests change only the fields they are about.
 */
export function chatMessage(over: Partial<Message> = {}): Message {
  const at = new Date();
  return {
    id: crypto.randomUUID(),
    message_type_id: 1,
    room_id: crypto.randomUUID(),
    topic_id: null,
    user_id: null,
    user_name: null,
    receiver_id: null,
    is_anonymous: false,
    is_mine: false,
    data: 'やあ',
    size: null,
    stamp_id: null,
    is_sound: false,
    sound_tab: null,
    sound_item: null,
    is_voice: false,
    is_read: false,
    status: 'sent',
    client_id: null,
    topic_title: null,
    room_type_id: 1,
    created_at: at.toISOString(),
    expire_at: new Date(at.getTime() + 3_600_000).toISOString(),
    seq: 1,
    ...over,
  };
}
