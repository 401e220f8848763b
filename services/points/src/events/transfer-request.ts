import { requests } from '@honne/contracts/events';
import { serviceQueue, type Subscription } from '@honne/service-kit';

import { ledgerRules } from '../config.ts';
import type { AppContext } from '../context.ts';
import { balanceOf } from '../db/repos/accounts.ts';
import { transfer } from '../ledger/transfer.ts';
import { isHouseAccount } from '../domain/ledger.ts';
import { relayNow } from '../gifts/relay.ts';

/**
 * Charges asked for by other services (chat's fee when a paid room opens, calls' minutes): one
 * transfer under the caller's business key, so asking twice moves the points once. Both users'
 * sockets hear the new balances (through the outbox, right away).
 */
export function respondTransfer(ctx: AppContext): Subscription {
  return ctx.bus.respond(
    requests.pointsTransfer,
    async (r) => {
      if (isHouseAccount(r.from) || isHouseAccount(r.to) || r.from === r.to) {
        throw new Error(`points.transfer: ${r.from} → ${r.to} is not a transfer between two users`);
      }
      const result = await transfer(
        ctx.db,
        {
          idempotencyKey: r.key,
          kind: r.kind,
          from: r.from,
          to: r.to,
          amount: r.amount,
          roomId: r.room_id ?? null,
          callId: r.call_id ?? null,
        },
        ctx.clock.now(),
        ledgerRules(ctx.config),
      );
      const replayed = result.status === 'done' && result.replayed;
      if (result.status === 'done' && !replayed) await relayNow(ctx);
      return { status: result.status, replayed, balance: await balanceOf(ctx.db, r.from) };
    },
    serviceQueue(ctx),
  );
}
