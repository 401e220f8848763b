import { requests } from '@honne/contracts/events';
import { isUuid, serviceQueue, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { transfersOfRoom } from '../db/repos/ledger.ts';

/** The moderation service freezes the points moved in a reported room as evidence. */
export const respondRoomEvidence = (ctx: AppContext): Subscription =>
  ctx.bus.respond(
    requests.pointsRoomEvidence,
    async ({ room_id }) => ({
      movements: (isUuid(room_id) ? await transfersOfRoom(ctx.db, room_id) : []).map((t) => ({
        kind: t.kind,
        from: t.debit_account,
        to: t.credit_account,
        amount: t.amount,
        at: new Date(t.created_at).toISOString(),
      })),
    }),
    serviceQueue(ctx),
  );
