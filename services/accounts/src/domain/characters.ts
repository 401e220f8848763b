import { events } from '@honne/contracts/events';
import { messages, subCharactersExist } from '@honne/contracts/messages';
import { PROFILE_LIMITS } from '@honne/contracts/profile';
import { AppError, forbidden } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { deleteUser, familyOf, insertCharacter } from '../db/repos/users.ts';
import type { User } from '../db/schema/users.ts';
import { withEvents } from '../events/outbox.ts';
import { extendBlocksTo } from './blocks.ts';
import { tellFriendshipsEnded } from './friends.ts';
import { endAllSessions } from './sessions.ts';

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

/**
 * Deletes the caller's character: a parent only once its sub-characters are gone. Its sessions end
 * first (the spec's 'deleted' logout); the deletion and its event commit together, so every service
 * removes what it holds of the user (points, voices, rooms, friends) and none keeps it for want of it.
 */
export async function deleteCharacter(ctx: AppContext, me: User): Promise<void> {
  if (me.character_no === 1) {
    const subs = (await familyOf(ctx.db, me.email_id)).length - 1;
    if (subs > 0) throw forbidden(subCharactersExist(subs));
  }
  await endAllSessions(ctx, me.id, 'deleted');
  await withEvents(ctx, async (trx, emit) => {
    await deleteUser(trx, me.id);
    await emit(events.userDeleted, { user_id: me.id, deleted_at: ctx.clock.now().toISOString() });
  });
}
