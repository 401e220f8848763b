import { events } from '@honne/contracts/events';
import type { Transaction } from 'kysely';

import type { AppContext } from '../context.ts';
import { block, blockCounterparts, familyBlocks, familyMembers } from '../db/repos/blocks.ts';
import { removeFriendPair } from '../db/repos/friends.ts';
import type { AccountsDb } from '../db/schema/index.ts';
import { withEvents, type Emit } from '../events/outbox.ts';
import { tellFriendshipsEnded } from './friends.ts';

/**
 * Queues for the services that keep their own copy of blocks (chat, topics) how two people stand:
 * a block holds between every character of the one and every character of the other, each way. A
 * block also ends every friendship between them (the blocked cannot reach the blocker through it):
 * those are removed in the same transaction, and returned so both sides' screens can be told.
 */
export async function queueBlocks(
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

/**
 * A new character inherits its family's blocks, both ways: queued in the transaction that adds it.
 * Returns the friendships that ended, for `tellFriendshipsEnded` after the commit.
 */
export async function extendBlocksTo(
  ctx: AppContext,
  trx: Transaction<AccountsDb>,
  emit: Emit,
  userId: string,
): Promise<[string, string][]> {
  const ended: [string, string][] = [];
  for (const other of await blockCounterparts(trx, userId))
    ended.push(...(await queueBlocks(ctx, trx, emit, userId, other)));
  return ended;
}

/**
 * `me` blocks the person `other` (every character of theirs): the block menu of a card, and a
 * report from inside a named call (safety.call.reported). Blocking twice changes nothing.
 */
export async function blockPerson(ctx: AppContext, me: string, other: string): Promise<void> {
  const ended = await withEvents(ctx, async (trx, emit) =>
    (await block(trx, me, other, ctx.clock.now())) ? queueBlocks(ctx, trx, emit, me, other) : [],
  );
  await tellFriendshipsEnded(ctx, ended);
}
