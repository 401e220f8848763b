import { CHAT_REALTIME_TYPES } from '@honne/contracts/chat';
import {
  accountsStandIn,
  describeOnRealInfra,
  describeRebuildNeedsNats,
  userAccountsHas,
} from '@honne/service-kit/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { heldUserIdsPage } from '../src/db/repos/users.ts';
import { rebuildReadModels } from '../src/events/rebuild.ts';
import { startHarness, type Harness, type Person } from './harness.ts';

describeRebuildNeedsNats('chat', 'accounts answers', startHarness, rebuildReadModels, heldUserIdsPage);

describeOnRealInfra('chat’s rebuild removes the users accounts no longer has', (mode) => {
  let h: Harness;
  let accounts: ReturnType<typeof accountsStandIn>;
  /** Runs once as the next rebuild asks for its first page of cards. */
  let whileCardsAreRead: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    h = await startHarness(mode);
    accounts = accountsStandIn(h.infra.bus, {
      beforeCardsPage: async (after) => {
        const run = after === null ? whileCardsAreRead : undefined;
        whileCardsAreRead = undefined;
        await run?.();
      },
    });
  });
  afterAll(async () => {
    accounts?.close();
    await h?.close();
  });

  /** A user chat and accounts both have. */
  const user = (): Promise<Person> => userAccountsHas(h, accounts);
  /** Everything chat keeps of a user, table by table, as its deletion handler would clear it. */
  const traces = async (userId: string) => {
    const db = h.ctx.db;
    const of = async (table: 'user_cards' | 'user_settings', column: 'user_id') =>
      (await db.selectFrom(table).select(column).where(column, '=', userId).execute()).length;
    return {
      cards: await of('user_cards', 'user_id'),
      settings: await of('user_settings', 'user_id'),
      friends: (
        await db
          .selectFrom('friends')
          .select('user_id')
          .where((w) => w.or([w('user_id', '=', userId), w('friend_id', '=', userId)]))
          .execute()
      ).length,
      blocks: (
        await db
          .selectFrom('blocks')
          .select('blocker_id')
          .where((w) => w.or([w('blocker_id', '=', userId), w('blocked_id', '=', userId)]))
          .execute()
      ).length,
      rooms: (
        await db
          .selectFrom('rooms')
          .select('id')
          .where((w) => w.or([w('user1_id', '=', userId), w('user2_id', '=', userId)]))
          .execute()
      ).length,
      messages: (
        await db
          .selectFrom('messages')
          .select('id')
          .where((w) => w.or([w('sender_id', '=', userId), w('receiver_id', '=', userId)]))
          .execute()
      ).length,
    };
  };

  it('a user deleted while the event was lost goes as the event removes them; the rest stays', async () => {
    const [owner, kept, gone] = [await user(), await user(), await user()];
    const goneRoom = await h.topicRoom(gone, h.voice(owner));
    expect((await h.send(gone, goneRoom)).statusCode).toBe(200);
    expect((await h.send(owner, goneRoom)).statusCode).toBe(200);
    const keptRoom = await h.topicRoom(kept, h.voice(owner));
    expect((await h.send(kept, keptRoom)).statusCode).toBe(200);
    await h.retention(gone, 30);
    await h.befriend(gone, kept);
    await h.block(kept, gone);
    expect(await traces(gone.userId)).toEqual({ cards: 1, settings: 1, friends: 2, blocks: 1, rooms: 1, messages: 2 });
    const keptBefore = await traces(kept.userId);

    // Accounts deleted `gone` (with their friendship and the block on them); chat never heard.
    // Someone registers while the rebuild reads the cards.
    accounts.users.delete(gone.userId);
    let late: Person | undefined;
    whileCardsAreRead = async () => {
      late = await user();
    };

    const counts = await rebuildReadModels(h.ctx);
    // Users of other suites on this NATS reach chat too (its durable consumers catch up, even while
    // this runs): this accounts lacks them as well, so every one asked about and lacking went.
    const lacking = accounts.asked.flat().filter((id) => !accounts.users.has(id));
    expect(lacking).toContain(gone.userId);
    expect(counts).toMatchObject({ deleted: lacking.length });
    expect(await traces(gone.userId)).toEqual({ cards: 0, settings: 0, friends: 0, blocks: 0, rooms: 0, messages: 0 });
    expect(await traces(kept.userId)).toEqual({ ...keptBefore, friends: 0, blocks: 0 });
    expect(await traces(late!.userId)).toMatchObject({ cards: 1 });
    // The other side heard of the room as the deletion event would have told them ('14').
    await h.settle();
    expect(
      h.eventsOf(owner, CHAT_REALTIME_TYPES.topicRoomDeleted).map((e) => (e.data as { room_id: string }).room_id),
    ).toEqual([goneRoom]);
    const held = await heldUserIdsPage(h.ctx.db, null, 500);
    expect(held).toEqual(expect.arrayContaining([owner.userId, kept.userId, late!.userId]));
    expect(held).not.toContain(gone.userId);
    expect(accounts.asked.flat()).toEqual(
      expect.arrayContaining([owner.userId, kept.userId, gone.userId, late!.userId]),
    );
  });

  it('accounts cannot answer which users exist: the rebuild fails and removes nobody', async () => {
    const [owner, gone] = [await user(), await user()];
    const room = await h.topicRoom(gone, h.voice(owner));
    accounts.users.delete(gone.userId);
    accounts.state.down = true;
    await expect(rebuildReadModels(h.ctx)).rejects.toThrow('accounts is going away');
    expect(await traces(gone.userId)).toMatchObject({ cards: 1, rooms: 1 });
    expect(await h.ctx.db.selectFrom('rooms').select('id').where('id', '=', room).execute()).toHaveLength(1);
  });
});
