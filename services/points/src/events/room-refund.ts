import { requests } from '@honne/contracts/events';
import { isUuid, pointsFrozen, serviceQueue, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { balanceOf } from '../db/repos/accounts.ts';
import { historyOf } from '../db/repos/ledger.ts';
import { refundRoom } from '../ledger/refund.ts';

/** The moderation service's refund of a reported room (ADR 0030). */
export const respondRoomRefund = (ctx: AppContext): Subscription =>
  ctx.bus.respond(
    requests.pointsRoomRefund,
    async (r) => (isUuid(r.room_id) ? refundRoom(ctx, r) : { items: [], total: 0, already: 0 }),
    serviceQueue(ctx),
  );

const MOVEMENTS = 20;

/** The console's points view of a person (ADR 0030): each character's balance, freeze and latest movements. */
export const respondPersonView = (ctx: AppContext): Subscription =>
  ctx.bus.respond(
    requests.pointsPersonView,
    async ({ user_ids }) => ({
      characters: await Promise.all(
        user_ids.map(async (userId) => {
          const frozen = await pointsFrozen(ctx.db, userId, ctx.clock.now());
          const page = await historyOf(ctx.db, userId, MOVEMENTS);
          return {
            user_id: userId,
            balance: await balanceOf(ctx.db, userId),
            frozen: frozen !== undefined,
            frozen_until: frozen?.until?.toISOString() ?? null,
            movements: page.items.map((t) => ({
              id: t.id,
              kind: t.kind,
              amount: t.amount,
              direction: t.credit_account === userId ? ('in' as const) : ('out' as const),
              room_id: t.room_id,
              at: t.created_at.toISOString(),
            })),
          };
        }),
      ),
    }),
    serviceQueue(ctx),
  );
