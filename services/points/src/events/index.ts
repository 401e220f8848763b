import { subscribeRestrictions, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { onBalanceChanged } from './balance-changed.ts';
import { respondBalance } from './balance-get.ts';
import { respondTransfer } from './transfer-request.ts';
import { respondOperator } from './operator.ts';
import { onProfileUpdated } from './profile-updated.ts';
import { respondRoomEvidence } from './room-evidence.ts';
import { respondPersonView, respondRoomRefund } from './room-refund.ts';
import { onUserDeleted } from './user-deleted.ts';
import { onUserRegistered } from './user-registered.ts';

export function subscribeAll(ctx: AppContext): Subscription[] {
  return [
    onUserRegistered(ctx),
    onUserDeleted(ctx),
    onProfileUpdated(ctx),
    respondBalance(ctx),
    respondTransfer(ctx),
    respondRoomEvidence(ctx),
    respondRoomRefund(ctx),
    respondPersonView(ctx),
    ...respondOperator(ctx),
    onBalanceChanged(ctx),
    // Frozen points (ADR 0030): kept in the kit's table, the way chat, calls and topics keep mutes.
    subscribeRestrictions(ctx),
  ];
}
