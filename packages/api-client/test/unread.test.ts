import { describe, expect, it } from 'vitest';

import { addIncoming, clearRoomState, friendUnread, summaryToState, voiceUnread } from '../src/unread.ts';

describe('unread counting', () => {
  const empty = { total: 0, rooms: {}, voiceRooms: {} };

  it('adds a message from someone else once, never my own or the open room', () => {
    const counted = new Set<string>();
    let s = addIncoming(empty, { id: 'm1', room_id: 'r1', is_mine: false }, counted, null);
    expect(s).toEqual({ total: 1, rooms: { r1: 1 }, voiceRooms: {} });
    s = addIncoming(s, { id: 'm1', room_id: 'r1', is_mine: false }, counted, null);
    expect(s.total).toBe(1);
    s = addIncoming(s, { id: 'm2', room_id: 'r1', is_mine: true }, counted, null);
    expect(s.total).toBe(1);
    s = addIncoming(s, { id: 'm3', room_id: 'r2', is_mine: false }, counted, 'r2');
    expect(s.total).toBe(1);
    // A record of a call the user took part in arrives read: no news (walk #14).
    s = addIncoming(s, { id: 'm4', room_id: 'r3', is_mine: false, is_read: true }, counted, null);
    expect(s.total).toBe(1);
  });

  it('clears one room and keeps the rest', () => {
    const s = clearRoomState({ total: 5, rooms: { a: 2, b: 3 }, voiceRooms: { a: true } }, 'a');
    expect(s).toEqual({ total: 3, rooms: { b: 3 }, voiceRooms: { a: true } });
  });

  it('splits the counts: voice rooms on the history tab, friend rooms on the friends tab', () => {
    const counted = new Set<string>();
    let s = addIncoming(empty, { id: 'm1', room_id: 'v', is_mine: false, topic_id: 't1' }, counted, null);
    s = addIncoming(s, { id: 'm2', room_id: 'v', is_mine: false, topic_id: 't1' }, counted, null);
    s = addIncoming(s, { id: 'm3', room_id: 'f', is_mine: false, topic_id: null }, counted, null);
    expect([s.total, voiceUnread(s), friendUnread(s)]).toEqual([3, 2, 1]);
    s = clearRoomState(s, 'v');
    expect([s.total, voiceUnread(s), friendUnread(s)]).toEqual([1, 0, 1]);
  });

  it('reads the server summary', () => {
    expect(
      summaryToState({
        total: 3,
        badge: '3',
        rooms: [
          { room_id: 'a', topic_id: 't', unreadCount: 3, messageIds: [], latestMessage: null, updated_at: null },
          { room_id: 'b', topic_id: null, unreadCount: 0, messageIds: [], latestMessage: null, updated_at: null },
        ],
      }),
    ).toEqual({ total: 3, rooms: { a: 3 }, voiceRooms: { a: true } });
  });
});

describe('UnreadStore', () => {
  const summary = (total: number) => ({
    data: {
      total,
      badge: String(total),
      rooms: [
        { room_id: 'r', topic_id: null, unreadCount: total, messageIds: [], latestMessage: null, updated_at: null },
      ],
    },
    status: 200,
    last_doc_id: null,
  });

  it('fetches on first listener, counts live messages, refetches after a reconnect', async () => {
    const { UnreadStore } = await import('../src/unread.ts');
    const { RealtimeHub } = await import('../src/instance.ts');
    const { MemoryStorage } = await import('../src/storage.ts');
    let total = 3;
    let calls = 0;
    const client = {
      call: () => {
        calls++;
        return Promise.resolve(summary(total));
      },
    } as unknown as ConstructorParameters<typeof UnreadStore>[0];
    const hub = new RealtimeHub();
    hub.setStatus('open');
    const store = new UnreadStore(client, hub, new MemoryStorage());
    const seen: number[] = [];
    const off = store.subscribe((s) => seen.push(s.total));
    await Promise.resolve();
    await Promise.resolve();
    expect(store.current.total).toBe(3);

    hub.emit({ type: 'message.created', at: '', data: { id: 'x', room_id: 'r', is_mine: false } });
    expect(store.current.total).toBe(4);

    total = 7;
    hub.setStatus('reconnecting');
    hub.setStatus('open');
    await Promise.resolve();
    await Promise.resolve();
    expect(store.current.total).toBe(7);
    expect(calls).toBe(2);

    store.setActiveRoom('r');
    expect(store.current.total).toBe(0);
    off();
  });
});
