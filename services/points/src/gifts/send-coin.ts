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
  const roomId = body.room_id ?? (await roomWith(ctx, caller.userId, body.receiveUserId));
  const room = await ctx.bus.request(requests.chatRoomParticipants, { room_id: roomId });
  const me = room.participants.find((p) => p.user_id === caller.userId);
  if (!room.found || room.deleted || !me) throw notFound();
  const partner = room.participants.find((p) => p !== me);
  if (!partner || partner.user_id === caller.userId) throw notFound();
  // An anonymous partner's id is the server's to know: checked against it, a wrong guess would be
  // refused and the right one not, so it is not checked at all (ADR 0020).
  const named = body.receiveUserId !== undefined && !partner.is_anonymous;
  if (room.blocked || (named && body.receiveUserId !== partner.user_id)) {
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
      roomId,
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
          room_id: roomId,
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
  if (result.status === 'frozen') {
    throw new AppError(403, 'points_frozen', messages.pointsFrozen, { coin: messages.pointsFrozen });
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

/** The spec's shape names the partner, not the room: chat finds the pair's room (404 when none). */
async function roomWith(ctx: AppContext, me: string, partnerId: string | undefined): Promise<string> {
  if (partnerId === undefined) throw fieldErrors({ receiveUserId: messages.partnerRequired });
  const { room_id } = await ctx.bus.request(requests.chatRoomBetween, { user_id: me, peer_id: partnerId });
  if (!room_id) throw notFound();
  return room_id;
}
