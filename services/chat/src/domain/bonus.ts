import { CHAT_MESSAGES, type BonusStatus } from '@honne/contracts/chat';
import { realtimeEvents } from '@honne/contracts/realtime-events';
import { AppError, assertAgeFeature } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { closeBonus, findRoomFor, openBonus } from '../db/repos/rooms.ts';
import type { RoomRow } from '../db/schema/index.ts';
import { toUser } from '../events/publish.ts';
import { chargeChatFee, viewRoom } from './rooms.ts';
import { isRoomDeleted, sides } from './views.ts';

// Bonus chat (spec §4): in a paid chat the voice's owner may ask the payer for a bonus — the chat
// price again — and the payer pays or declines. One request is open at a time; each paid bonus is
// its own ledger transfer keyed by the room and its number, so a double tap or a retry pays once.

const notAllowed = () => new AppError(403, 'bonus_not_allowed', CHAT_MESSAGES.bonusNotAllowed);

export const bonusStatus = (room: RoomRow): BonusStatus => ({
  room_id: room.id,
  bonus: room.bonus,
  paid: room.paid,
  bonus_price: room.chat_price,
  bonus_count: room.bonus_count,
});

/** A live paid voice room, and which side of it `me` is. */
function paidRoom(room: RoomRow, me: string, now: Date) {
  if (!room.topic_owner_id || room.chat_price <= 0 || isRoomDeleted(room, now)) throw notAllowed();
  return { owner: room.topic_owner_id === me, partnerId: sides(room, me).partnerId };
}

/** Both sides see the room as it is now (the money-request area follows `bonus`). */
async function tellBoth(ctx: AppContext, roomId: string, me: string): Promise<RoomRow> {
  const room = (await findRoomFor(ctx.db, roomId, me))!;
  for (const who of [room.user1_id, room.user2_id])
    await toUser(ctx, who, realtimeEvents.roomUpdated, await viewRoom(ctx, room, who));
  return room;
}

/** POST /rooms/{id}/bonuschat: the owner asks; asking again while one is open changes nothing. */
export async function requestBonus(ctx: AppContext, room: RoomRow, me: string): Promise<BonusStatus> {
  const { owner } = paidRoom(room, me, ctx.clock.now());
  if (!owner) throw notAllowed();
  // Asking to be paid for a chat is a paid chat for the owner too (ADR 0038).
  await assertAgeFeature(ctx.db, me, 'paid_chats');
  if (room.bonus) return bonusStatus(room);
  await openBonus(ctx.db, room.id, ctx.clock.now());
  return bonusStatus(await tellBoth(ctx, room.id, me));
}

/** POST /rooms/{id}/confirmbonuschat: the payer pays (1) or declines (0) the open request. */
export async function answerBonus(ctx: AppContext, room: RoomRow, me: string, pay: boolean): Promise<BonusStatus> {
  const { owner, partnerId } = paidRoom(room, me, ctx.clock.now());
  if (owner || !room.bonus) throw notAllowed();
  if (pay) {
    await assertAgeFeature(ctx.db, me, 'paid_chats');
    // Keyed by the bonus's number: a second tap, or a retry after a lost answer, is the same transfer.
    await chargeChatFee(ctx, {
      key: `bonus:${room.id}:${room.bonus_count + 1}`,
      from: me,
      to: partnerId,
      amount: room.chat_price,
      roomId: room.id,
      // Its own kind, so the points history says ボーナス, not a second チャット料金 (walk #18).
      kind: 'chat_bonus',
    });
  }
  await closeBonus(ctx.db, room, pay, ctx.clock.now());
  return bonusStatus(await tellBoth(ctx, room.id, me));
}
