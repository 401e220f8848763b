import { requests } from '@honne/contracts/events';

import type { AppContext } from '../context.ts';

export interface RoomPreview {
  unreadCount: number;
  latestMessage: string | null;
}

/**
 * Asks chat what waits in each of the user's rooms (history rows and the reply list show it). Chat
 * owns messages; when it does not answer in time the rows still load, with what topics stored.
 */
export async function roomPreviews(ctx: AppContext, userId: string, roomIds: string[]) {
  const out = new Map<string, RoomPreview>();
  if (roomIds.length === 0) return out;
  try {
    const reply = await ctx.bus.request(requests.chatRoomsPreview, { user_id: userId, room_ids: roomIds }, 1500);
    for (const p of reply.previews) out.set(p.room_id, p);
  } catch (err) {
    ctx.log.warn({ err }, 'chat did not answer chat.rooms.preview: history rows without previews');
  }
  return out;
}
