import { randomUUID } from 'node:crypto';

import { messages } from '@honne/contracts';
import { GIFT_COINS, type GiftCoin } from '@honne/contracts/chat';
import { events, requests } from '@honne/contracts/events';
import type { SendCoinBody, SendCoinResult } from '@honne/contracts/points';
import { AppError, enqueueEvent, fieldErrors, notFound, type Caller } from '@honne/service-kit';

import { ledgerRules } from '../config.ts';
import type { AppContext } from '../context.ts';
import { balanceOf } from '../db/repos/accounts.ts';
import { transfer } from '../ledger/transfer.ts';
import { relayNow } from './relay.ts';

/**
 * A present from a chat (spec: gift screen, §5): the partner is the other person in the room — the
 * server's knowledge, so an anonymous partner stays unnamed — and neither may have blocked the
 * other. One ledger transfer keyed by the caller's idempotency key; the gift stamp follows from the
 * committed entry through the outbox (chat posts it once per gift id), and both balances go to the
 * two users' sockets.
 */
export async function sendCoin(ctx: AppContext, caller: Caller, body: SendCoinBody): Promise<SendCoinResult> {
  if (!GIFT_COINS.includes(body.coin as GiftCoin)) throw fieldErrors({ coin: messages.giftCoinInvalid });
  const room = await ctx.bus.request(requests.chatRoomParticipants, { room_id: body.room_id });
  const me = room.participants.find((p) => p.user_id === caller.userId);
  if (!room.found || room.deleted || !me) throw notFound();
  const partner = room.participants.find((p) => p !== me);
  if (!partner || partner.user_id === caller.userId) throw notFound();
  if (room.blocked || (body.receiveUserId !== undefined && body.receiveUserId !== partner.user_id)) {
    throw new AppError(403, 'gift_not_allowed', messages.giftNotAllowed);
  }

  const giftId = randomUUID();
  const now = ctx.clock.now();
  const result = await transfer(
    ctx.db,
    {
      idempotencyKey: `gift:${caller.userId}:${body.idempotency_key ?? giftId}`,
      kind: 'gift',
      from: caller.userId,
      to: partner.user_id,
      amount: body.coin,
      roomId: body.room_id,
      giftId,
      keep: 1,
    },
    now,
    ledgerRules(ctx.config),
    (trx, written) =>
      enqueueEvent(
        trx,
        events.giftSent,
        `gift:${written.gift_id}`,
        {
          gift_id: written.gift_id!,
          room_id: body.room_id,
          sender_id: caller.userId,
          receiver_id: partner.user_id,
          coin: body.coin,
          at: now.toISOString(),
        },
        now,
      ),
  );
  if (result.status === 'conflict') throw new AppError(409, 'idempotency_conflict', messages.idempotencyConflict);
  if (result.status === 'monthly_cap') {
    throw new AppError(403, 'monthly_cap', messages.minorMonthlyCap, { coin: messages.minorMonthlyCap });
  }
  if (result.status === 'insufficient') {
    throw new AppError(403, 'points_insufficient', messages.pointsInsufficient, { coin: messages.pointsInsufficient });
  }
  if (!result.replayed) {
    await relayNow(ctx);
  }
  return {
    gift_id: result.transfer.gift_id!,
    coin: result.transfer.amount,
    balance: await balanceOf(ctx.db, caller.userId),
    replayed: result.replayed,
  };
}
