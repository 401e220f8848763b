import { requests, type ReplyPayload } from '@honne/contracts/events';
import { realtimeEvents } from '@honne/contracts/realtime-events';
import {
  accountsStandIn,
  describeOnRealInfra,
  describeRebuildNeedsNats,
  userAccountsHas,
  uuidOf,
} from '@honne/service-kit/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { heldRoomIdsPage } from '../src/db/repos/history.ts';
import { heldUserIdsPage } from '../src/db/repos/users.ts';
import { rebuildReadModels } from '../src/events/rebuild.ts';
import { startHarness, type Harness, type Person } from './harness.ts';

type RoomItem = ReplyPayload<typeof requests.chatRoomsPage>['items'][number];

describeRebuildNeedsNats('topics', 'accounts and chat answer', startHarness, rebuildReadModels, heldUserIdsPage);

describeOnRealInfra('topics’ rebuild: rooms chat no longer has, users accounts no longer has', (mode) => {
  let h: Harness;
  let accounts: ReturnType<typeof accountsStandIn>;
  /** Chat's rooms on voices, as `chat.snapshot.rooms` pages them (room id order, `next` the last id of a full page). */
  const chatRooms = new Map<string, RoomItem>();
  /** Runs after chat computed the answer to a page asked and before it is sent. */
  let afterChatAnswered: ((after: string | null) => Promise<void>) | undefined;
  let chat: { unsubscribe(): void };
  let chatDown = false;

  beforeAll(async () => {
    h = await startHarness(mode);
    accounts = accountsStandIn(h.infra.bus);
    chat = h.infra.bus.respond(requests.chatRoomsPage, async ({ after, limit }) => {
      if (chatDown) throw new Error('chat is going away');
      const ids = [...chatRooms.keys()].sort().filter((id) => after === null || id > after);
      const items = ids.slice(0, limit).map((id) => chatRooms.get(id)!);
      const answer = { items, next: items.length === limit ? items.at(-1)!.opened.room_id : null };
      await afterChatAnswered?.(after);
      return answer;
    });
  });
  afterAll(async () => {
    chat?.unsubscribe();
    accounts?.close();
    await h?.close();
  });

  /** A user topics and accounts both have. */
  const user = (): Promise<Person> => userAccountsHas(h, accounts);
  const voiceOf = async (owner: Person): Promise<string> => {
    const res = await h.postVoice(owner, await h.theme(owner));
    expect(res.statusCode).toBe(200);
    return res.json().data.id as string;
  };
  /** A room chat opened (and topics heard of), and chat's listing of it. */
  const open = async (opener: Person, topicId: string, name: string, inChat = true): Promise<string> => {
    const roomId = uuidOf(name);
    await h.openRoom(opener, topicId, roomId);
    const opened = { room_id: roomId, topic_id: topicId, user_id: opener.userId, is_anonymous: false };
    if (inChat) chatRooms.set(roomId, { opened, replied: null });
    return roomId;
  };
  const entries = async (roomId: string) => ({
    history: (await h.ctx.db.selectFrom('history').select('user_id').where('room_id', '=', roomId).execute()).length,
    replies: (await h.ctx.db.selectFrom('replies').select('user_id').where('room_id', '=', roomId).execute()).length,
  });

  it('removes the entries of rooms chat no longer has, page by page; keeps one opened while it runs', async () => {
    // One voice each (a second one would replace the first), and one room per pair per voice.
    const [owner, a, b, c, d] = [await user(), await user(), await user(), await user(), await user()];
    const voice = await voiceOf(owner);
    // In room id order: r1 both have; r2, r3, r6 chat no longer has; r4 topics lost; r5 both have.
    const r1 = await open(a, voice, 'room-1');
    const r2 = await open(b, voice, 'room-2', false);
    const r3 = await open(c, voice, 'room-3', false);
    const r4 = await open(a, await voiceOf(b), 'room-4');
    await h.ctx.db.deleteFrom('history').where('room_id', '=', r4).execute();
    await h.ctx.db.deleteFrom('replies').where('room_id', '=', r4).execute();
    const r5 = await open(a, await voiceOf(c), 'room-5');
    const r6 = await open(a, await voiceOf(d), 'room-6', false);
    // r55 sorts between r5 and r6: opened in chat right after chat answered the page that starts
    // past r5, so on no page, and topics hears of it while the rebuild runs.
    const r55 = uuidOf('room-55');
    const late = await user();
    let lateOpened = false;
    afterChatAnswered = async (after) => {
      if (after !== r5) return;
      await open(late, voice, 'room-55');
      lateOpened = true;
    };
    const historyIds = async (roomId: string) =>
      (await h.ctx.db.selectFrom('history').select('id').where('room_id', '=', roomId).execute()).map((r) => r.id);
    const removedHistory = [...(await historyIds(r2)), ...(await historyIds(r3)), ...(await historyIds(r6))];

    const counts = await rebuildReadModels(h.ctx, { roomsPage: 2 });
    afterChatAnswered = undefined;
    expect(lateOpened).toBe(true);
    // Users of other suites on this NATS reach topics too (its durable consumers catch up, even
    // while this runs): this accounts lacks them, so they go; none of this test's.
    const lacking = accounts.asked.flat().filter((id) => !accounts.users.has(id));
    const mine = [owner, a, b, c, d, late].map((p) => p.userId);
    expect(lacking.filter((id) => mine.includes(id))).toEqual([]);
    expect(counts).toMatchObject({ roomsGone: 3, deleted: lacking.length });
    for (const r of [r1, r4, r5, r55]) expect(await entries(r)).toEqual({ history: 2, replies: 1 });
    for (const r of [r2, r3, r6]) expect(await entries(r)).toEqual({ history: 0, replies: 0 });
    expect(await heldRoomIdsPage(h.ctx.db, null, 100)).toEqual([r1, r4, r5, r55]);
    // Each owner of a removed entry heard of it ('13'), as when a voice goes.
    await h.settle();
    const told = h.seen.user
      .filter((e) => e.event.type === realtimeEvents.historyDeleted.type)
      .map((e) => (e.event.data as { history_id: string }).history_id);
    expect(told.sort()).toEqual(removedHistory.sort());
  });

  it('a user deleted while the event was lost goes as the event removes them, voices and all', async () => {
    const [owner, kept, gone] = [await user(), await user(), await user()];
    const [ownerVoice, goneVoice] = [await voiceOf(owner), await voiceOf(gone)];
    const keptRoom = await open(kept, ownerVoice, 'room-kept');
    // Chat removed the rooms of `gone` with them; topics still has the entries of both sides.
    const goneRoom = await open(gone, ownerVoice, 'room-gone', false);
    const onGoneVoice = await open(kept, goneVoice, 'room-on-gone', false);
    await h.setOnline(gone, true);
    accounts.users.delete(gone.userId);

    accounts.asked.length = 0;
    const counts = await rebuildReadModels(h.ctx);
    const lacking = accounts.asked.flat().filter((id) => !accounts.users.has(id));
    expect(lacking).toContain(gone.userId);
    expect(counts).toMatchObject({ deleted: lacking.length });
    expect(await heldUserIdsPage(h.ctx.db, null, 500)).not.toContain(gone.userId);
    expect(await h.ctx.db.selectFrom('topics').select('id').where('user_id', '=', gone.userId).execute()).toEqual([]);
    for (const r of [goneRoom, onGoneVoice]) expect(await entries(r)).toEqual({ history: 0, replies: 0 });
    expect(await entries(keptRoom)).toEqual({ history: 2, replies: 1 });
    // The voice went as a deletion's voices go: announced to chat through the outbox.
    await expect.poll(() => h.seen.deleted.map((e) => e.topic_id)).toContain(goneVoice);
    expect(h.seen.deleted.find((e) => e.topic_id === goneVoice)).toMatchObject({ reason: 'user_deleted' });
  });

  it('accounts or chat cannot answer: the rebuild fails and removes nothing', async () => {
    const [owner, gone] = [await user(), await user()];
    const stale = await open(gone, await voiceOf(owner), 'room-stale', false);
    accounts.users.delete(gone.userId);

    chatDown = true;
    await expect(rebuildReadModels(h.ctx)).rejects.toThrow('chat is going away');
    expect(await entries(stale)).toEqual({ history: 2, replies: 1 });
    chatDown = false;

    accounts.state.down = true;
    await expect(rebuildReadModels(h.ctx)).rejects.toThrow('accounts is going away');
    expect(await heldUserIdsPage(h.ctx.db, null, 500)).toContain(gone.userId);
    accounts.state.down = false;
  });
});
