import { events } from '@honne/contracts/events';
import { serviceQueue, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { findRoomFor } from '../db/repos/rooms.ts';
import { setRoomPartnerBlock } from '../domain/rooms.ts';

/**
 * A report from inside a call in an anonymous room (either side anonymous) blocks the room as its
 * menu would (ADR 0020: a person block would name who hides behind it); calls ends the call on the
 * room block. A named room's report is accounts' person block.
 */
export const onCallReported = (ctx: AppContext): Subscription =>
  ctx.bus.subscribe(
    events.callReported,
    async (e) => {
      if (!e.anonymous) return;
      if (!(await findRoomFor(ctx.db, e.room_id, e.reporter_id))) return;
      await setRoomPartnerBlock(ctx, e.room_id, e.reporter_id, true);
    },
    serviceQueue(ctx),
  );
