import { createHmac } from 'node:crypto';

import { normaliseEmail } from '@honne/contracts/accounts';
import { messages } from '@honne/contracts/messages';
import { fieldErrors } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { isBannedAddress } from '../db/repos/restrictions.ts';

/**
 * The keyed hash a banned address is kept as (HMAC-SHA256 with the service's secret): the table
 * recognises the address again without holding it, and a copy of the table alone names no one.
 */
export const addressHash = (ctx: Pick<AppContext, 'config'>, email: string): string =>
  createHmac('sha256', ctx.config.jwtSecret)
    .update(`banned-address:${normaliseEmail(email)}`)
    .digest('hex');

/**
 * Refuses an address a banned person used, with words that say no more than needed (not why, nor
 * that an account existed).
 */
export async function assertAddressAllowed(ctx: AppContext, email: string): Promise<void> {
  if (await isBannedAddress(ctx.db, addressHash(ctx, email))) throw fieldErrors({ email: messages.emailUnavailable });
}
