import { getApi, isApiError } from '@honne/api-client';
import { chatEndpoints, type Room } from '@honne/contracts/chat';
import { usePopup } from '@honne/ui';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

import { myUserId } from '../../lib/nav.ts';
import { strings } from '../../strings.ts';
import { client, useFail } from '../shared/api.ts';

import type { ViewMessage } from './MessageItem.tsx';
import { LOCAL_SEQ, PAGE_SIZE, merge, toView } from './room-messages.ts';
import { useOutbox } from './useOutbox.ts';

/**
 * The room and its messages: opening (with the spec's one retry), the newest page and older pages
 * as the reader scrolls up, the reader's place in the log, expiry on screen, and sending.
 */
export function useRoomMessages(roomId: string, back: () => void) {
  const popup = usePopup();
  const fail = useFail();
  const [room, setRoom] = useState<Room | null>(null);
  const [items, setItems] = useState<ViewMessage[] | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const logRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const leaving = useRef(false);
  /** The cursor of the next older page; null when the oldest message is loaded. */
  const olderCursor = useRef<string | null>(null);
  /** The log's height before older messages were put on top, to keep the reader's place. */
  const heightBeforeOlder = useRef<number | null>(null);

  const stickToBottom = useCallback(() => {
    atBottom.current = true;
  }, []);
  const outbox = useOutbox(roomId, setItems, stickToBottom);

  /**
   * Spec §4: a room that is gone shows 'no such voice' and goes back; one whose voice's time ran out
   * says that instead (walk #10: the same room emptied with 'no such voice' looked like an error). A
   * room that does not exist at all (a stale link, walk #30) shows the error, which names no voice.
   */
  const gone = useCallback(
    async (why: 'gone' | 'expired' | 'missing' = 'gone') => {
      if (leaving.current) return;
      leaving.current = true;
      await popup.alert(
        why === 'expired' ? strings.voiceExpired : why === 'missing' ? strings.roomNotFound : strings.voiceGone,
      );
      back();
    },
    [popup, back],
  );

  const loadMessages = useCallback(async () => {
    const r = await client().call(chatEndpoints.roomMessages, {
      params: { id: roomId },
      query: { per_page: PAGE_SIZE },
    });
    const page = r.data.map(toView);
    const oldestInPage = page.length ? Math.min(...page.map((m) => m.seq)) : LOCAL_SEQ;
    // Older pages already read stay (a reload after a reconnect refreshes the newest page only).
    setItems((list) => {
      const kept = (list ?? []).filter((m) => m.seq === LOCAL_SEQ || m.seq < oldestInPage);
      if (!kept.some((m) => m.seq !== LOCAL_SEQ)) {
        olderCursor.current = page.length === PAGE_SIZE ? r.last_doc_id : null;
      }
      return merge(kept, page);
    });
  }, [roomId]);

  const loadOlder = useCallback(async () => {
    const cursor = olderCursor.current;
    if (!cursor || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const r = await client().call(chatEndpoints.roomMessages, {
        params: { id: roomId },
        query: { per_page: PAGE_SIZE, last_doc_id: cursor },
      });
      olderCursor.current = r.data.length === PAGE_SIZE ? r.last_doc_id : null;
      heightBeforeOlder.current = logRef.current?.scrollHeight ?? null;
      setItems((list) => merge(list ?? [], r.data.map(toView)));
    } catch {
      // Scrolling up again retries.
    } finally {
      setLoadingOlder(false);
    }
  }, [roomId, loadingOlder]);

  // The effect below reads the latest callbacks through this ref, so it runs once per room.
  const openFns = useRef({ loadMessages, gone, fail, back, resendAll: outbox.resendAll });
  openFns.current = { loadMessages, gone, fail, back, resendAll: outbox.resendAll };
  useEffect(() => {
    const { loadMessages, gone, fail, back } = openFns.current;
    let alive = true;
    leaving.current = false;
    olderCursor.current = null;
    setRoom(null);
    setItems(null);
    const open = async () => {
      let r: Room;
      try {
        r = (await client().call(chatEndpoints.room, { params: { id: roomId } })).data;
      } catch {
        // Spec §4: retry once (the original retried with the remembered user id).
        try {
          r = (
            await client().call(chatEndpoints.room, {
              params: { id: roomId },
              query: { user_id: myUserId() ?? undefined },
            })
          ).data;
        } catch (error) {
          if (!alive) return;
          if (isApiError(error) && error.status === 404) return void gone('missing');
          await fail(error);
          back();
          return;
        }
      }
      if (!alive) return;
      if (r.deleted) return void gone();
      setRoom(r);
      try {
        await loadMessages();
      } catch (error) {
        if (alive) {
          setItems([]);
          void fail(error);
        }
      }
      if (!alive) return;
      // Spec §4: sent-fail messages are resent when the room opens.
      openFns.current.resendAll();
    };
    void open();
    return () => {
      alive = false;
    };
  }, [roomId]);

  // Messages that failed while the servers had lost a part go again by themselves once it is
  // back (the shell's banner promised so); each keeps its client_id, so none is stored twice.
  useEffect(() => {
    const hub = getApi().realtime;
    const troubled = () => hub.status !== 'open' || hub.systemDown.length > 0;
    let was = troubled();
    const check = () => {
      const now = troubled();
      if (was && !now) openFns.current.resendAll();
      was = now;
    };
    const offStatus = hub.onStatus(check);
    const offSystem = hub.onSystemStatus(check);
    return () => {
      offStatus();
      offSystem();
    };
  }, [roomId]);

  // Spec §4: expired messages leave the screen (checked every 60 s, besides message.expired).
  useEffect(() => {
    const t = setInterval(() => {
      const now = getApi().clock.now();
      setItems((list) => (list ? list.filter((m) => m.seq === LOCAL_SEQ || Date.parse(m.expire_at) > now) : list));
    }, 60_000);
    return () => clearInterval(t);
  }, []);

  // Stay at the bottom when there; otherwise leave the reader where they are.
  useLayoutEffect(() => {
    const el = logRef.current;
    if (!el) return;
    if (heightBeforeOlder.current !== null) {
      // Older messages went on top: keep the one the reader was looking at in place.
      el.scrollTop += el.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    } else if (atBottom.current) el.scrollTop = el.scrollHeight;
  }, [items]);
  const onScroll = () => {
    const el = logRef.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
    if (el.scrollTop < 120 && olderCursor.current) void loadOlder();
  };

  /** The room as the server has it now. */
  const fetchRoom = useCallback(
    async () => (await client().call(chatEndpoints.room, { params: { id: roomId } })).data,
    [roomId],
  );

  return {
    room,
    setRoom,
    fetchRoom,
    items,
    setItems,
    gone,
    loadMessages,
    loadingOlder,
    logRef,
    onScroll,
    send: outbox.send,
    resend: outbox.resend,
  };
}
