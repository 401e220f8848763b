import { events } from '@honne/contracts/events';
import { FRIENDS_PAGE_SIZE, friendsEndpoints, validateReport } from '@honne/contracts/friends';
import { messages } from '@honne/contracts/messages';
import { assertNoFieldErrors, forbidden, notFound, ok, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';

import type { AppContext } from '../context.ts';
import type { AccountsDb } from '../db/schema/index.ts';
import { withEvents, type Emit } from '../events/outbox.ts';
import {
  block,
  blockCounterparts,
  blockPage,
  familyBlocks,
  familyMembers,
  findBlock,
  insertUserReport,
  unblock,
} from '../db/repos/blocks.ts';
import { removeFriendPair } from '../db/repos/friends.ts';
import { findByEmail, findById } from '../db/repos/users.ts';
import { imageOf } from '../domain/profile.ts';
import { tellFriendshipsEnded } from './friends.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function blockRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, friendsEndpoints.blocks, async ({ caller, query }) => {
    const after =
      query.last_doc_id && UUID.test(query.last_doc_id) ? await findBlock(ctx.db, query.last_doc_id) : undefined;
    const rows = await blockPage(ctx.db, caller.userId, after, query.per_page ?? FRIENDS_PAGE_SIZE);
    const data = rows.map((r) => ({
      id: r.id,
      user: { id: r.user_id, user_name: r.user_name, profile_image: imageOf(r) },
    }));
    return ok(data, data.at(-1)?.id ?? null);
  });

  route(app, ctx, friendsEndpoints.block, async ({ caller, body }) => {
    if (body.id === caller.userId) throw forbidden(messages.cannotBlockSelf);
    const other = UUID.test(body.id) ? await findById(ctx.db, body.id) : undefined;
    if (!other) throw notFound();
    const ended = await withEvents(ctx, async (trx, emit) =>
      (await block(trx, caller.userId, other.id, ctx.clock.now()))
        ? queueBlocks(ctx, trx, emit, caller.userId, other.id)
        : [],
    );
    await tellFriendshipsEnded(ctx, ended);
    return ok(true);
  });

  route(app, ctx, friendsEndpoints.unblock, async ({ caller, body }) => {
    await withEvents(ctx, async (trx, emit) =>
      (await unblock(trx, caller.userId, body.id)) ? queueBlocks(ctx, trx, emit, caller.userId, body.id) : [],
    );
    return ok(true);
  });

  route(app, ctx, friendsEndpoints.report, async ({ caller, body }) => {
    const target =
      body.user_id && UUID.test(body.user_id)
        ? await findById(ctx.db, body.user_id)
        : body.email
          ? await findByEmail(ctx.db, body.email.trim().toLowerCase())
          : undefined;
    if (!target) throw notFound();
    if (target.id === caller.userId) throw forbidden(messages.cannotReportSelf);
    assertNoFieldErrors(validateReport(body.report));
    // Newlines are kept as written; screens turn them into line breaks.
    await insertUserReport(ctx.db, {
      reporter_id: caller.userId,
      reported_id: target.id,
      report: body.report!.trim(),
      created_at: ctx.clock.now(),
    });
    return ok({ message: 'success' });
  });
}

/**
 * Queues for the services that keep their own copy of blocks (chat, topics) how two people stand:
 * a block holds between every character of the one and every character of the other, each way. A
 * block also ends every friendship between them (the blocked cannot reach the blocker through it):
 * those are removed in the same transaction, and returned so both sides' screens can be told.
 */
async function queueBlocks(
  ctx: AppContext,
  trx: Transaction<AccountsDb>,
  emit: Emit,
  a: string,
  b: string,
): Promise<[string, string][]> {
  const [familyA, familyB] = await Promise.all([familyMembers(trx, a), familyMembers(trx, b)]);
  const aBlocksB = await familyBlocks(trx, a, b);
  const bBlocksA = await familyBlocks(trx, b, a);
  const at = ctx.clock.now().toISOString();
  const ended: [string, string][] = [];
  for (const x of familyA) {
    for (const y of familyB) {
      await emit(events.blockChanged, { blocker_id: x, blocked_id: y, blocked: aBlocksB, at });
      await emit(events.blockChanged, { blocker_id: y, blocked_id: x, blocked: bBlocksA, at });
      if ((aBlocksB || bBlocksA) && (await removeFriendPair(trx, x, y))) {
        await emit(events.friendChanged, { user_id: x, friend_id: y, friend: false, at });
        ended.push([x, y]);
      }
    }
  }
  return ended;
}

/** A new character inherits its family's blocks, both ways. */
export async function extendBlocksTo(ctx: AppContext, userId: string): Promise<void> {
  for (const other of await blockCounterparts(ctx.db, userId)) {
    const ended = await withEvents(ctx, (trx, emit) => queueBlocks(ctx, trx, emit, userId, other));
    await tellFriendshipsEnded(ctx, ended);
  }
}
