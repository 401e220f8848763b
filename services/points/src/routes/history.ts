import { pointsEndpoints, type HistoryItem } from '@honne/contracts/points';
import { ok, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { historyOf } from '../db/repos/ledger.ts';

const DEFAULT_PER_PAGE = 20;

export function historyRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, pointsEndpoints.history, async ({ caller, query }) => {
    const page = await historyOf(ctx.db, caller.userId, query.per_page ?? DEFAULT_PER_PAGE, query.last_doc_id);
    const items: HistoryItem[] = page.items.map((t) => ({
      id: t.id,
      kind: t.kind as HistoryItem['kind'],
      amount: t.credit_account === caller.userId ? t.amount : -t.amount,
      room_id: t.room_id,
      call_id: t.call_id,
      gift_id: t.gift_id,
      created_at: t.created_at.toISOString(),
    }));
    return ok(items, page.lastId);
  });
}
