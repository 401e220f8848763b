import { CALL_MESSAGES, type CallView } from '@honne/contracts/calls';
import { AppError, assertAgeFeature, fieldErrors, type Caller } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { latestCallOfRoom, updateCall } from '../db/repos/calls.ts';
import { assertPayerNotFrozen, chargeFrom, tellBoth } from './calls.ts';
import { sideOf, viewOf } from './view.ts';

const notAllowed = () => new AppError(403, 'charge_not_allowed', CALL_MESSAGES.chargeNotAllowed);

/**
 * POST /rooms/{id}/requestpaidcall (spec §5/§7): the voice's owner, in a connected paid call, asks
 * the payer to approve per-minute charging — once per call (the button is disabled once requested).
 */
export async function requestCharge(ctx: AppContext, caller: Caller, roomId: string): Promise<CallView> {
  const row = await latestCallOfRoom(ctx.db, roomId);
  const side = row ? sideOf(row, caller.userId) : null;
  if (!row || !side) throw notAllowed();
  const owner = row.payer_id !== null && row.payer_id !== caller.userId;
  if (!owner || row.phase !== 'connected' || row.call_price <= 0 || row.charging !== 'none') throw notAllowed();
  // Asking to be paid for a call is a paid call for the owner too (ADR 0038).
  await assertAgeFeature(ctx.db, caller.userId, 'paid_calls');
  const moved = await updateCall(ctx.db, row.id, (r) => (r.charging === 'none' ? { charging: 'requested' } : null));
  if (!moved || moved.after.charging !== 'requested' || moved.before.charging !== 'none') throw notAllowed();
  await tellBoth(ctx, moved.after);
  return viewOf(moved.after, side, ctx.clock.now());
}

/**
 * POST /rooms/{id}/confirmrequestpaidcall: the payer approves (charging starts now and the first
 * period is billed at once; a payer who cannot pay it ends the call) or refuses (the owner is told).
 */
export async function confirmCharge(
  ctx: AppContext,
  caller: Caller,
  roomId: string,
  approve: boolean,
  spendCap: number | null = null,
): Promise<CallView> {
  const row = await latestCallOfRoom(ctx.db, roomId);
  const side = row ? sideOf(row, caller.userId) : null;
  if (!row || !side || row.payer_id !== caller.userId || row.charging !== 'requested' || row.phase !== 'connected') {
    throw notAllowed();
  }
  if (approve && spendCap !== null && spendCap < row.call_price) {
    throw fieldErrors({ spend_cap: CALL_MESSAGES.spendCapTooLow });
  }
  if (approve) {
    await assertAgeFeature(ctx.db, caller.userId, 'paid_calls');
    await assertPayerNotFrozen(ctx, caller.userId);
    // The cap is the payer's word on this call: set before the first period is billed.
    if (spendCap !== null) await updateCall(ctx.db, row.id, (r) => (r.charging_from ? null : { spend_cap: spendCap }));
    await chargeFrom(ctx, row.id, ctx.clock.now());
  } else {
    const moved = await updateCall(ctx.db, row.id, (r) =>
      r.charging === 'requested' ? { charging: 'refused' } : null,
    );
    if (moved) await tellBoth(ctx, moved.after);
  }
  const after = await latestCallOfRoom(ctx.db, roomId);
  return viewOf(after!, side, ctx.clock.now());
}
