import { events } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { PROFILE_LIMITS } from '@honne/contracts/profile';
import { AppError } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { familyOf, insertCharacter } from '../db/repos/users.ts';
import type { User } from '../db/schema/users.ts';
import { withEvents } from '../events/outbox.ts';
import { extendBlocksTo } from './blocks.ts';
import { tellFriendshipsEnded } from './friends.ts';

// Characters: the sub-characters an account adds under its parent.

/**
 * Adds the next free character to the caller's account. The character, its registration and the
 * blocks it inherits commit together (the outbox), so no service's copy misses any of them.
 */
export async function addCharacter(ctx: AppContext, me: User): Promise<User> {
  const family = await familyOf(ctx.db, me.email_id);
  const parent = family.find((u) => u.character_no === 1) ?? me;
  const { added, ended } = await withEvents(ctx, async (trx, emit) => {
    const row = await insertCharacter(
      trx,
      parent,
      PROFILE_LIMITS.maxCharacters,
      ctx.clock.now(),
      ctx.config.defaultRank,
    );
    if (!row) return { added: undefined, ended: [] };
    await emit(events.userRegistered, {
      user_id: row.id,
      email_id: row.email_id,
      registered_at: ctx.clock.now().toISOString(),
    });
    return { added: row, ended: await extendBlocksTo(ctx, trx, emit, row.id) };
  });
  if (!added) throw new AppError(403, 'character_limit', messages.characterLimit);
  await tellFriendshipsEnded(ctx, ended);
  return added;
}
