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
 * Deletes the caller's character: a parent only once its sub-characters with a profile are gone.
 * An empty sub-character (never onboarded: no name, nothing posted, nothing said) does not hold the
 * parent back, since it could not be deleted on its own without first being filled in (walk #28);
 * it goes with the parent. Sessions end first (the spec's 'deleted' logout); each deletion and its
 * event commit together, so every service removes what it holds of the user.
 */
export async function deleteCharacter(ctx: AppContext, me: User): Promise<void> {
  let empty: User[] = [];
  if (me.character_no === 1) {
    const subs = (await familyOf(ctx.db, me.email_id)).filter((u) => u.id !== me.id);
    const filled = subs.filter((u) => u.is_infomation === 1);
    if (filled.length > 0) throw forbidden(subCharactersExist(filled.length));
    empty = subs;
  }
  for (const u of [...empty, me]) await endAllSessions(ctx, u.id, 'deleted');
  await withEvents(ctx, async (trx, emit) => {
    for (const u of [...empty, me]) {
      await deleteUser(trx, u.id);
      await emit(events.userDeleted, { user_id: u.id, deleted_at: ctx.clock.now().toISOString() });
    }
  });
}
