import type { ReplyPayload, requests } from '@honne/contracts/events';

import { ledgerRules } from '../config.ts';
import type { AppContext } from '../context.ts';
import { paidTransfersOfRoom, writtenKeys } from '../db/repos/ledger.ts';
import { HOUSE } from '../domain/ledger.ts';
import { relayNow } from '../gifts/relay.ts';
import { transfer } from './transfer.ts';

type Reply = ReplyPayload<typeof requests.pointsRoomRefund>;

/** What a moderator refunds of a reported room: what the payer paid for it, not the gifts they chose to give. */
const REFUNDABLE = ['chat_fee', 'chat_bonus', 'call_minute'] as const;
const refundKey = (transferId: string) => `refund:${transferId}`;

/**
 * A moderator's refund of a room's paid movements (ADR 0030): one `refund` transfer per original,
 * keyed by it, so a double click, a retry or a second request refunds each movement once. The
 * points come back from the receiver while their balance holds them (a frozen receiver too: a
 * refund is no spend); a receiver who has spent them is not pushed below zero — the house
 * (`house:refunds`) pays the payer instead, and the loss is the house's to chase.
 */
export async function refundRoom(
  ctx: AppContext,
  input: { room_id: string; actor: string; reason: string; dry_run: boolean },
): Promise<Reply> {
  const paid = await paidTransfersOfRoom(ctx.db, input.room_id, REFUNDABLE);
  const done = await writtenKeys(
    ctx.db,
    paid.map((t) => refundKey(t.id)),
  );
  const open = paid.filter((t) => !done.has(refundKey(t.id)));
  const items: Reply['items'] = [];
  let total = 0;
  const now = ctx.clock.now();
  for (const t of open) {
    const item = {
      transfer_id: t.id,
      kind: t.kind,
      payer: t.debit_account,
      receiver: t.credit_account,
      amount: t.amount,
    };
    if (input.dry_run) {
      items.push({ ...item, source: null });
      total += t.amount;
      continue;
    }
    const back = (from: string) =>
      transfer(
        ctx.db,
        {
          idempotencyKey: refundKey(t.id),
          kind: 'refund',
          from,
          to: t.debit_account,
          amount: t.amount,
          roomId: input.room_id,
          actor: input.actor,
          reason: input.reason,
        },
        now,
        ledgerRules(ctx.config),
      );
    let source: 'receiver' | 'house' = 'receiver';
    let result = await back(t.credit_account);
    if (result.status === 'insufficient') {
      source = 'house';
      result = await back(HOUSE.refunds);
    }
    // 'conflict': another request refunded this movement meanwhile (from the other source) — once is enough.
    if (result.status !== 'done' || result.replayed) continue;
    items.push({ ...item, source });
    total += t.amount;
  }
  if (!input.dry_run && items.length > 0) await relayNow(ctx);
  return { items, total, already: paid.length - open.length };
}
