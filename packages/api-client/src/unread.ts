import { CHAT_REALTIME_TYPES, chatEndpoints, type UnreadSummary } from '@honne/contracts/chat';
import type { RealtimeEvent } from '@honne/contracts/realtime';
import { dataOf, realtimeEvents } from '@honne/contracts/realtime-events';

import type { ApiClient } from './client.ts';
import type { RealtimeHub } from './realtime-hub.ts';
import type { KeyValueStorage } from './storage.ts';

/** localStorage key another tab writes after it changed unread state (the storage event refetches). */
export const UNREAD_SYNC_KEY = 'chat_unread_sync';

export interface UnreadState {
  total: number;
  rooms: Readonly<Record<string, number>>;
  /** Rooms on a voice (their unread count shows on the history tab and rows, the rest on friends). */
  voiceRooms: Readonly<Record<string, true>>;
}

/** Unread messages in voice rooms: the history tab's badge, reachable from its rows. */
export const voiceUnread = (s: UnreadState) =>
  Object.entries(s.rooms).reduce((n, [id, c]) => (s.voiceRooms[id] ? n + c : n), 0);

/** Unread messages in friend rooms: the friends tab's badge, reachable from the friend list. */
export const friendUnread = (s: UnreadState) => s.total - voiceUnread(s);

type Listener = (state: UnreadState) => void;

/** Counts from the server's summary. */
export function summaryToState(summary: UnreadSummary): UnreadState {
  const rooms: Record<string, number> = {};
  const voiceRooms: Record<string, true> = {};
  for (const r of summary.rooms) {
    if (r.unreadCount > 0) rooms[r.room_id] = r.unreadCount;
    if (r.topic_id) voiceRooms[r.room_id] = true;
  }
  return { total: summary.total, rooms, voiceRooms };
}

/**
 * Spec §4 unread rule applied to one incoming message: it adds one only when it is from someone
 * else, not already counted and not in the room on screen.
 */
export function addIncoming(
  state: UnreadState,
  message: { id: string; room_id: string; is_mine: boolean; topic_id?: string | null; is_read?: boolean },
  counted: Set<string>,
  activeRoom: string | null,
): UnreadState {
  // A message that arrives read (a call record of a call the user took part in) is no news.
  if (message.is_mine || message.is_read || counted.has(message.id) || message.room_id === activeRoom) return state;
  counted.add(message.id);
  const rooms = { ...state.rooms, [message.room_id]: (state.rooms[message.room_id] ?? 0) + 1 };
  const voiceRooms = message.topic_id ? { ...state.voiceRooms, [message.room_id]: true as const } : state.voiceRooms;
  return { total: state.total + 1, rooms, voiceRooms };
}

/** Opening a room clears its count. */
export function clearRoomState(state: UnreadState, roomId: string): UnreadState {
  const n = state.rooms[roomId] ?? 0;
  if (!n) return state;
  const rooms = { ...state.rooms };
  delete rooms[roomId];
  return { ...state, total: Math.max(0, state.total - n), rooms };
}

/**
 * Unread counts per room and in total for the badge of the friends tab and the friend list. Runs
 * while someone listens: fetches `GET /rooms/unread`, follows `message.created` from the socket,
 * refetches after a reconnect, after read marks from another tab (`message.read` by_me or the
 * storage event) and after deletions or expiry.
 */
export class UnreadStore {
  private state: UnreadState = { total: 0, rooms: {}, voiceRooms: {} };
  private readonly listeners = new Set<Listener>();
  private readonly counted = new Set<string>();
  private activeRoom: string | null = null;
  private stopFns: (() => void)[] = [];
  private refetchTimer: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;

  constructor(
    private readonly client: ApiClient,
    private readonly realtime: RealtimeHub,
    private readonly storage: KeyValueStorage,
  ) {}

  get current(): UnreadState {
    return this.state;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.start();
    listener(this.state);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  /** The room on screen: its messages are read as they arrive, so they never count. */
  setActiveRoom(roomId: string | null): void {
    this.activeRoom = roomId;
    if (roomId) this.set(clearRoomState(this.state, roomId));
  }

  /** Clears a room on the server (`PUT /rooms/unread {room_id}`) and tells the other tabs. */
  async clearRoom(roomId: string): Promise<void> {
    this.set(clearRoomState(this.state, roomId));
    const r = await this.client.call(chatEndpoints.updateUnread, { body: { room_id: roomId } });
    this.apply(r.data);
    this.announce();
  }

  /** Tells other tabs to refetch (they get a storage event). */
  announce(): void {
    try {
      this.storage.setItem(UNREAD_SYNC_KEY, String(Date.now()));
    } catch {
      // Storage full or disabled: the socket's message.read still reaches the other tabs.
    }
  }

  refetch(): Promise<void> {
    const gen = ++this.generation;
    return this.client
      .call(chatEndpoints.unread)
      .then((r) => {
        if (gen === this.generation) this.apply(r.data);
      })
      .catch(() => undefined);
  }

  private apply(summary: UnreadSummary) {
    let next = summaryToState(summary);
    if (this.activeRoom) next = clearRoomState(next, this.activeRoom);
    this.set(next);
  }

  private set(state: UnreadState) {
    if (state === this.state) return;
    this.state = state;
    for (const l of this.listeners) l(state);
  }

  private soon() {
    clearTimeout(this.refetchTimer);
    this.refetchTimer = setTimeout(() => void this.refetch(), 300);
  }

  private onEvent(event: RealtimeEvent) {
    const created = dataOf(event, realtimeEvents.messageCreated);
    if (created) {
      const { id, room_id, is_mine, is_read, topic_id } = created;
      const message = { id, room_id, is_mine: is_mine === true, is_read: is_read === true, topic_id: topic_id ?? null };
      this.set(addIncoming(this.state, message, this.counted, this.activeRoom));
      return;
    }
    switch (event.type) {
      case CHAT_REALTIME_TYPES.messageRead:
        if (dataOf(event, realtimeEvents.messageRead)?.by_me === true) this.soon();
        break;
      case CHAT_REALTIME_TYPES.messageDeleted:
      case CHAT_REALTIME_TYPES.messageExpired:
      case CHAT_REALTIME_TYPES.topicRoomDeleted:
      case CHAT_REALTIME_TYPES.friendRoomDeleted:
        this.soon();
        break;
      default:
    }
  }

  private start() {
    void this.refetch();
    this.stopFns.push(this.realtime.subscribe((e) => this.onEvent(e)));
    let wasOpen = this.realtime.status === 'open';
    this.stopFns.push(
      this.realtime.onStatus((status) => {
        // A reconnect may have missed events: the server's counts are the truth.
        if (status === 'open' && !wasOpen) void this.refetch();
        wasOpen = status === 'open';
      }),
    );
    if (typeof window !== 'undefined') {
      const onStorage = (e: StorageEvent) => {
        if (e.key === UNREAD_SYNC_KEY) void this.refetch();
      };
      window.addEventListener('storage', onStorage);
      this.stopFns.push(() => window.removeEventListener('storage', onStorage));
    }
  }

  private stop() {
    for (const f of this.stopFns) f();
    this.stopFns = [];
    clearTimeout(this.refetchTimer);
  }
}
