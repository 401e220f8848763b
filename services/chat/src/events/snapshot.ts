import { requests } from '@honne/contracts/events';
import { serviceQueue, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { voiceRoomsPage } from '../db/repos/rooms.ts';
import type { RoomRow } from '../db/schema/index.ts';

/**
 * The rooms on voices, page by page, in the shape of the events that keep topics' history and
 * replies (issue 12): what `pnpm --filter @honne/topics rebuild` applies when those were lost.
 */
export const respondRoomsSnapshot = (ctx: AppContext): Subscription =>
  ctx.bus.respond(
    requests.chatRoomsPage,
    async ({ after, limit }) => {
      const rooms = await voiceRoomsPage(ctx.db, after ?? null, limit);
      return { items: rooms.map(roomEvents), next: rooms.length === limit ? rooms.at(-1)!.id : null };
    },
    serviceQueue(ctx),
  );

/** As `chat.room.opened` said it: `user_id` is the side that is not the voice's owner (the replier). */
function roomEvents(room: RoomRow) {
  const replierIsUser1 = room.user1_id !== room.topic_owner_id;
  const opened = {
    room_id: room.id,
    topic_id: room.topic_id!,
    user_id: replierIsUser1 ? room.user1_id : room.user2_id,
    is_anonymous: replierIsUser1 ? room.user1_anonymous : room.user2_anonymous,
  };
  return {
    opened,
    replied: room.is_replied ? { room_id: room.id, topic_id: opened.topic_id, user_id: opened.user_id } : null,
  };
}
