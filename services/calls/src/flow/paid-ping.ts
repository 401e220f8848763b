import { CALL_MESSAGES, type CallView } from '@honne/contracts/calls';
import { AppError, notFound, type Caller } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { currentCall, reportMedia } from './calls.ts';

/**
 * POST /rooms/{id}/pingOnPaidCall (spec §7: the payer's client sends it every 5 s in a paid call):
 * the payer's keep-alive, the same sign of life as pingConnectRoomChat's 'alive'. It keeps the
 * payer in the call and nothing more: the bill is the server's connected time (domain/billing.ts),
 * so pinging often or rarely changes no charge, and a payer who stops is ended as dropped.
 */
export async function payerAlive(ctx: AppContext, caller: Caller, roomId: string): Promise<CallView> {
  const call = await currentCall(ctx, caller, roomId);
  if (!call) throw notFound(CALL_MESSAGES.noCall);
  if (!call.i_pay) throw new AppError(403, 'not_payer', CALL_MESSAGES.chargeNotAllowed);
  return reportMedia(ctx, caller, roomId, 'alive', call.id);
}
