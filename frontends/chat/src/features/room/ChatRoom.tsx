import { getApi, isApiError, sendChatMessage, type CallStartRequest } from '@honne/api-client';
import {
  CHAT_REALTIME_TYPES,
  MESSAGE_PREVIEW,
  MESSAGE_TYPES,
  chatEndpoints,
  validateReport,
  type Message,
  type MessageCreateBody,
  type Room,
} from '@honne/contracts/chat';
import { friendsEndpoints } from '@honne/contracts/friends';
import { dataOf, realtimeEvents } from '@honne/contracts/realtime-events';
import {
  Avatar,
  BackIcon,
  BottomSheet,
  Button,
  CloseIcon,
  Skeleton,
  isSendEnter,
  usePopup,
  useOnlineStatus,
} from '@honne/ui';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate, useParams } from 'react-router';

import { groupByDay } from '../../lib/days.ts';
import { isAcceptedImage, resizeToJpeg } from '../../lib/image.ts';
import { myUserId, rememberedBackPath } from '../../lib/nav.ts';
import { addPending, loadPending, newClientId, removePending } from '../../lib/pending.ts';
import { soundName } from '../../lib/sounds.ts';
import { STAMP_IDS, stampUrl, stampWord } from '../../lib/stamps.ts';
import { nextStatus, type LocalStatus } from '../../lib/status.ts';
import { growHeight, textToSend } from '../../lib/text.ts';
import { uploadImage } from '../../lib/upload.ts';
import { strings } from '../../strings.ts';
import { ensureChatStyles } from '../../styles.ts';
import { client, useFail } from '../shared/api.ts';
import {
  AddPersonIcon,
  GiftIcon,
  MoreIcon,
  PhoneIcon,
  PhotoIcon,
  SendIcon,
  SmileIcon,
  TrumpetIcon,
} from '../shared/icons.tsx';

import { BonusArea } from './BonusArea.tsx';
import { RatingSheet, rateSkipped } from './RatingSheet.tsx';
import { MessageItem, type ViewMessage } from './MessageItem.tsx';

ensureChatStyles();

const toView = (m: Message): ViewMessage => ({
  ...m,
  local: (m.is_mine
    ? m.status === 'read'
      ? 'read'
      : m.status === 'refused'
        ? 'refused'
        : 'sent_success'
    : m.is_read
      ? 'read'
      : 'received') as LocalStatus,
});

/** Oldest first, no duplicates (by id or client_id), local ones (sending/failed) at the end. */
function merge(list: ViewMessage[], incoming: ViewMessage[]): ViewMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of incoming) {
    if (m.client_id) {
      const local = `local:${m.client_id}`;
      if (byId.has(local)) byId.delete(local);
    }
    byId.set(m.id, m);
  }
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

function previewOf(m: Message): string {
  if (m.is_sound) return `${MESSAGE_PREVIEW.sound} ${soundName(m.sound_tab ?? 0, m.sound_item ?? 0)}`;
  if (m.message_type_id === MESSAGE_TYPES.image || m.message_type_id === MESSAGE_TYPES.base64Image)
    return MESSAGE_PREVIEW.image;
  if (m.message_type_id === MESSAGE_TYPES.stamp) return MESSAGE_PREVIEW.stamp;
  return m.data;
}

const LOCAL_SEQ = Number.MAX_SAFE_INTEGER;
/** Messages per page: the newest page opens the room, older ones load as the reader scrolls up. */
const PAGE_SIZE = 50;

/** /chat/:roomId (spec topics-chat-calls §2, §4 messages). */
export default function ChatRoom() {
  const { roomId = '' } = useParams();
  const navigate = useNavigate();
  const popup = usePopup();
  const fail = useFail();
  const online = useOnlineStatus();
  const [room, setRoom] = useState<Room | null>(null);
  const [items, setItems] = useState<ViewMessage[] | null>(null);
  const [text, setText] = useState('');
  const [sheet, setSheet] = useState<'stamps' | 'more' | 'card' | 'report' | null>(null);
  const [viewer, setViewer] = useState<string | null>(null);
  const [upload, setUpload] = useState<{ label: string; value: number | null } | null>(null);
  const [live, setLive] = useState('');
  const [report, setReport] = useState('');
  const [reportError, setReportError] = useState('');
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const atBottom = useRef(true);
  const leaving = useRef(false);
  /** The cursor of the next older page; null when the oldest message is loaded. */
  const olderCursor = useRef<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  /** The log's height before older messages were put on top, to keep the reader's place. */
  const heightBeforeOlder = useRef<number | null>(null);
  const itemsRef = useRef<ViewMessage[]>([]);
  itemsRef.current = items ?? [];

  const back = useCallback(() => navigate(rememberedBackPath()), [navigate]);
  const [rating, setRating] = useState(false);

  /** Spec §4: a room that is gone shows 'no such voice' and goes back. */
  const gone = useCallback(async () => {
    if (leaving.current) return;
    leaving.current = true;
    await popup.alert(strings.voiceGone);
    back();
  }, [popup, back]);

  // ---- sending ----
  const send = useCallback(
    async (
      body: Omit<MessageCreateBody, 'room_id'>,
      clientId = newClientId(),
      createdAt = new Date().toISOString(),
    ) => {
      const full = { ...body, room_id: roomId, client_id: clientId };
      const localId = `local:${clientId}`;
      const draft: ViewMessage = {
        id: localId,
        message_type_id: body.message_type_id,
        room_id: roomId,
        topic_id: null,
        user_id: myUserId(),
        user_name: null,
        receiver_id: null,
        is_anonymous: false,
        is_mine: true,
        data: body.data ?? '',
        size: body.size ?? null,
        stamp_id: body.stamp_id ?? null,
        is_sound: body.is_sound ?? false,
        sound_tab: body.sound_tab ?? null,
        sound_item: body.sound_item ?? null,
        is_voice: false,
        is_read: false,
        status: 'sending',
        client_id: clientId,
        topic_title: null,
        room_type_id: 0,
        created_at: createdAt,
        expire_at: new Date(Date.now() + 3_600_000).toISOString(),
        seq: LOCAL_SEQ,
        local: 'sending',
      };
      atBottom.current = true;
      setItems((list) => {
        const rest = (list ?? []).filter((m) => m.id !== localId);
        return [...rest, draft];
      });
      try {
        const r = await sendChatMessage(getApi(), full);
        removePending(roomId, clientId);
        const sent = { ...toView(r.data), local: nextStatus('sending', { type: 'acked', status: r.data.status }) };
        setItems((list) =>
          merge(
            (list ?? []).filter((m) => m.id !== localId),
            [sent],
          ),
        );
      } catch (error) {
        addPending(roomId, { body: full, created_at: createdAt });
        setItems((list) =>
          (list ?? []).map((m) => (m.id === localId ? { ...m, local: nextStatus(m.local, { type: 'failed' }) } : m)),
        );
        if (isApiError(error) && error.kind === 'http' && error.status === 403) void fail(error);
      }
    },
    [roomId, fail],
  );

  const resend = useCallback(
    (m: ViewMessage) => {
      if (!m.client_id) return;
      const p = loadPending(roomId).find((x) => x.body.client_id === m.client_id);
      if (!p) return;
      const { room_id: _r, client_id: cid, ...body } = p.body;
      void send(body, cid, p.created_at);
    },
    [roomId, send],
  );

  // Effects below read the latest callbacks through this ref, so they run once per room.
  const fns = useRef({ send, resend });
  fns.current = { send, resend };

  // ---- loading ----
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

  const openFns = useRef({ loadMessages, gone, fail, back });
  openFns.current = { loadMessages, gone, fail, back };
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
          if (isApiError(error) && error.status === 404) return void gone();
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
      for (const p of loadPending(roomId)) {
        const { room_id: _r, client_id: cid, ...body } = p.body;
        void fns.current.send(body, cid, p.created_at);
      }
    };
    void open();
    return () => {
      alive = false;
    };
  }, [roomId]);

  // The open room never counts as unread; opening it clears its count (spec §4).
  useEffect(() => {
    const unread = getApi().unread;
    unread.setActiveRoom(roomId);
    void unread.clearRoom(roomId).catch(() => undefined);
    return () => unread.setActiveRoom(null);
  }, [roomId]);

  // ---- read marks: everything received is marked read while the room is on screen; retried every 5 s ----
  const readTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reading = useRef(false);
  const markRead = useCallback(async () => {
    if (reading.current || document.visibilityState !== 'visible') return;
    const unread = itemsRef.current.filter((m) => !m.is_mine && m.local === 'received');
    if (!unread.length) return;
    reading.current = true;
    clearTimeout(readTimer.current);
    try {
      const last = unread[unread.length - 1]!;
      await client().call(chatEndpoints.read, { params: { id: roomId }, body: { message_id: last.id } });
      const ids = new Set(unread.map((m) => m.id));
      setItems((list) => (list ? list.map((m) => (ids.has(m.id) ? { ...m, local: 'read', is_read: true } : m)) : list));
      getApi().unread.announce();
    } catch {
      readTimer.current = setTimeout(() => void markRead(), 5000);
    } finally {
      reading.current = false;
    }
  }, [roomId]);

  useEffect(() => {
    if (items?.some((m) => !m.is_mine && m.local === 'received')) void markRead();
  }, [items, markRead]);
  useEffect(() => {
    const onVisible = () => void markRead();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      clearTimeout(readTimer.current);
    };
  }, [markRead]);

  // ---- real-time ----
  useEffect(() => {
    const hub = getApi().realtime;
    const off = hub.subscribe((event) => {
      const data = (event.data ?? {}) as Record<string, unknown>;
      // Message events name their room; 'room.updated' carries the room itself.
      const about = event.type === CHAT_REALTIME_TYPES.roomUpdated ? data.id : data.room_id;
      if (about !== roomId) return;
      switch (event.type) {
        case CHAT_REALTIME_TYPES.messageCreated: {
          const m = toView(dataOf(event, realtimeEvents.messageCreated)!);
          setItems((list) => merge(list ?? [], [m]));
          if (!m.is_mine) setLive(strings.newMessage(m.user_name ?? strings.anonymous, previewOf(m)));
          break;
        }
        case CHAT_REALTIME_TYPES.messageRead: {
          if (data.by_me === true) {
            const ids = new Set((data.ids as string[]) ?? []);
            setItems((list) =>
              list ? list.map((m) => (ids.has(m.id) && !m.is_mine ? { ...m, local: 'read' } : m)) : list,
            );
            break;
          }
          const ids = new Set((data.ids as string[]) ?? []);
          setItems((list) =>
            list
              ? list.map((m) =>
                  ids.has(m.id) && m.is_mine ? { ...m, local: nextStatus(m.local, { type: 'read' }) } : m,
                )
              : list,
          );
          break;
        }
        case CHAT_REALTIME_TYPES.messageDeleted:
        case CHAT_REALTIME_TYPES.messageExpired: {
          const ids = new Set((data.ids as string[]) ?? []);
          setItems((list) => (list ? list.filter((m) => !ids.has(m.id)) : list));
          break;
        }
        case CHAT_REALTIME_TYPES.roomUpdated:
          void client()
            .call(chatEndpoints.room, { params: { id: roomId } })
            .then((r) => (r.data.deleted ? gone() : setRoom(r.data)))
            .catch(() => undefined);
          break;
        case CHAT_REALTIME_TYPES.topicRoomDeleted:
        case CHAT_REALTIME_TYPES.friendRoomDeleted:
          void gone();
          break;
        default:
      }
    });
    // After a reconnect, catch up on what the socket may have missed (the server's list is the truth).
    let wasOpen = hub.status === 'open';
    const offStatus = hub.onStatus((status) => {
      if (status === 'open' && !wasOpen) void loadMessages().catch(() => undefined);
      wasOpen = status === 'open';
    });
    return () => {
      off();
      offStatus();
    };
  }, [roomId, loadMessages, gone]);

  // Spec §4: expired messages leave the screen (checked every 60 s, besides message.expired).
  useEffect(() => {
    const t = setInterval(() => {
      const now = getApi().clock.now();
      setItems((list) => (list ? list.filter((m) => m.seq === LOCAL_SEQ || Date.parse(m.expire_at) > now) : list));
    }, 60_000);
    return () => clearInterval(t);
  }, []);

  // ---- scrolling: stay at the bottom when there; otherwise leave the reader where they are ----
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

  // ---- composing ----
  const submit = () => {
    const r = textToSend(text);
    if ('error' in r) {
      if (r.error === 'tooLong') void popup.alert(strings.textTooLong);
      return;
    }
    setText('');
    if (inputRef.current) inputRef.current.style.height = '';
    void send({ message_type_id: MESSAGE_TYPES.text, data: r.text });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isSendEnter(e)) {
      e.preventDefault();
      submit();
      return;
    }
    // Ctrl+Enter is a newline too (Shift+Enter already is in a textarea).
    if (e.key === 'Enter' && e.ctrlKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      const el = e.currentTarget;
      const { selectionStart: s, selectionEnd: end } = el;
      const next = `${text.slice(0, s)}\n${text.slice(end)}`;
      setText(next);
      requestAnimationFrame(() => {
        el.selectionStart = el.selectionEnd = s + 1;
        el.style.height = 'auto';
        el.style.height = `${growHeight(el.scrollHeight)}px`;
      });
    }
  };

  const onPickImage = async (file: File | undefined) => {
    if (!file) return;
    if (!isAcceptedImage(file)) return void popup.alert(strings.imageType);
    if (!navigator.onLine) return void popup.alert(strings.imageSendFailed);
    try {
      setUpload({ label: strings.resizing, value: null });
      const resized = file.type ? await resizeToJpeg(file) : { dataUrl: await readDataUrl(file) };
      setUpload({ label: strings.uploading(0), value: 0 });
      const up = await uploadImage(roomId, resized.dataUrl, (f) =>
        setUpload({ label: strings.uploading(Math.round(f * 100)), value: f }),
      );
      setUpload(null);
      await send({ message_type_id: MESSAGE_TYPES.image, data: up.url, size: up.size });
    } catch (error) {
      setUpload(null);
      const msg =
        error instanceof Error && /[ぁ-んァ-ン一-龯]/.test(error.message) ? error.message : strings.imageSendFailed;
      void popup.alert(msg);
    }
  };

  const addFriend = async () => {
    if (!room?.userInfo.id) return;
    setSheet(null);
    try {
      await client().call(friendsEndpoints.add, {
        body: { user_id: room.userInfo.id, room_id: room.id, topic_id: room.topic_id },
      });
      setRoom({ ...room, is_friend: true });
      await popup.alert(strings.friendAdded);
    } catch (error) {
      void fail(error);
    }
  };

  const sendReport = async () => {
    const errors = validateReport(report);
    if (errors.content) return setReportError(errors.content);
    try {
      await client().call(chatEndpoints.report, { params: { id: roomId }, body: { content: report.trim() } });
      setSheet(null);
      setReport('');
      setReportError('');
      await popup.alert(strings.reportDone);
    } catch (error) {
      void fail(error);
    }
  };

  // The full-size viewer closes with Escape too.
  useEffect(() => {
    if (!viewer) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') setViewer(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [viewer]);

  const groups = useMemo(() => (items ? groupByDay(items, new Date()) : []), [items]);
  /** Spec §4: the payer leaving a paid room they have not rated is asked to rate it first. */
  const leave = () => {
    const priced = !!room?.topic && (room.topic.chat_price > 0 || room.topic.call_price > 0);
    if (room && priced && !room.topic!.is_mine && !room.is_showed_rate_chat && !rateSkipped(room.id)) setRating(true);
    else back();
  };
  const partnerAnonymous = room ? room.anonymous.partner || room.userInfo.is_anonymous : true;
  const canAddFriend = !!room && !room.is_friend && !room.anonymous.me && !partnerAnonymous && !!room.userInfo.id;
  const callable = room ? (room.topic ? room.topic.is_callable : true) : false;
  const startCall = (r: NonNullable<typeof room>) => {
    const request: CallStartRequest = r.topic
      ? { kind: 'topic', topic_id: r.topic.id, is_anonymous: r.is_anonymous, room_id: r.id }
      : { kind: 'friend', user_id: r.userInfo.id ?? '', room_id: r.id };
    getApi()
      .calls.start(request)
      .catch((error: unknown) => void fail(error));
  };
  const name = room ? (room.userInfo.user_name ?? strings.noName) : '';

  return (
    <div className="ch-screen">
      <header className="hn-header">
        <span className="hn-header__side">
          <button type="button" className="hn-icon-button" aria-label="戻る" onClick={leave}>
            <BackIcon />
          </button>
        </span>
        <h1 className="hn-header__title" style={{ display: 'flex', justifyContent: 'center', minWidth: 0 }}>
          {room ? (
            <button
              type="button"
              className="ch-header-name"
              disabled={partnerAnonymous}
              onClick={() => setSheet('card')}
              aria-label={partnerAnonymous ? name : `${name} ${strings.partnerCard}`}
            >
              {name}
            </button>
          ) : (
            <Skeleton width={120} height={18} />
          )}
        </h1>
        <span className="hn-header__side hn-header__side--end">
          <button
            type="button"
            className="hn-icon-button"
            aria-label={strings.gift}
            onClick={() => navigate(`/present/${roomId}`)}
          >
            <GiftIcon />
          </button>
          <button
            type="button"
            className={callable ? 'hn-icon-button' : 'hn-icon-button ch-icon-off'}
            aria-label={callable ? strings.call : `${strings.call}（${strings.notCallable}）`}
            aria-disabled={callable ? undefined : 'true'}
            onClick={() => (room && callable ? startCall(room) : void popup.alert(strings.notCallable))}
          >
            <PhoneIcon />
          </button>
          <button
            type="button"
            className="hn-icon-button"
            aria-label={strings.more}
            aria-haspopup="dialog"
            onClick={() => setSheet('more')}
            disabled={!room}
          >
            <MoreIcon />
          </button>
        </span>
      </header>

      <div
        ref={logRef}
        className="ch-log"
        onScroll={onScroll}
        role="log"
        aria-live="off"
        aria-label={strings.messagesLabel}
        aria-busy={items === null}
      >
        {items === null ? (
          <div aria-hidden="true">
            {[60, 40, 70, 50].map((w, i) => (
              <div key={i} className={`ch-msg ${i % 2 ? 'ch-msg--mine' : 'ch-msg--theirs'}`}>
                <Skeleton width={`${w}%`} height={36} radius="18px" />
              </div>
            ))}
          </div>
        ) : items.length === 0 ? (
          <p className="ch-empty-note">{strings.emptyRoom}</p>
        ) : (
          <>
            {loadingOlder && (
              <p className="ch-older" role="status">
                {strings.loadingOlder}
              </p>
            )}
            {groups.map((g) => (
              <section key={g.key} aria-label={g.label}>
                <div className="ch-day" role="heading" aria-level={2}>
                  <span>{g.label}</span>
                </div>
                {g.items.map((m) => (
                  <MessageItem key={m.id} m={m} onResend={resend} onOpenImage={setViewer} />
                ))}
              </section>
            ))}
          </>
        )}
      </div>
      <div className="hn-visually-hidden" aria-live="polite" aria-atomic="true">
        {live}
      </div>

      {room ? (
        <BonusArea
          room={room}
          onChanged={() =>
            void client()
              .call(chatEndpoints.room, { params: { id: room.id } })
              .then((r) => setRoom(r.data))
              .catch(() => undefined)
          }
        />
      ) : null}

      {upload ? (
        <div className="ch-progress" role="status">
          <div>{upload.label}</div>
          <progress max={1} value={upload.value ?? undefined} aria-label={upload.label} />
        </div>
      ) : null}

      <footer className="ch-footer">
        <input
          ref={fileRef}
          type="file"
          accept="image/png,image/jpeg,.png,.jpg,.jpeg"
          hidden
          data-testid="chat-image-input"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            void onPickImage(f);
          }}
        />
        <button
          type="button"
          className="hn-icon-button"
          aria-label={strings.pickImage}
          disabled={!room || !!upload}
          onClick={() => fileRef.current?.click()}
        >
          <PhotoIcon />
        </button>
        <button
          type="button"
          className="hn-icon-button"
          aria-label={strings.pickStamp}
          aria-haspopup="dialog"
          disabled={!room}
          onClick={() => setSheet('stamps')}
        >
          <SmileIcon />
        </button>
        <button
          type="button"
          className="hn-icon-button"
          aria-label={strings.soundEffects}
          disabled={!room}
          onClick={() => navigate(`/trumpet/${roomId}`)}
        >
          <TrumpetIcon />
        </button>
        <textarea
          ref={inputRef}
          className="ch-input"
          rows={1}
          value={text}
          placeholder={strings.messagePlaceholder}
          aria-label={strings.messageLabel}
          maxLength={1000}
          onChange={(e) => {
            setText(e.target.value);
            const el = e.target;
            el.style.height = 'auto';
            el.style.height = `${growHeight(el.scrollHeight)}px`;
          }}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="ch-send"
          aria-label={strings.send}
          disabled={!room || !text.trim() || !online}
          onClick={submit}
        >
          <SendIcon size={20} />
        </button>
      </footer>

      {sheet === 'stamps' ? (
        <BottomSheet title={strings.stamps} onClose={() => setSheet(null)}>
          <div className="ch-stamps">
            {STAMP_IDS.map((id) => (
              <button
                key={id}
                type="button"
                aria-label={stampWord(id)}
                onClick={() => {
                  setSheet(null);
                  void send({ message_type_id: MESSAGE_TYPES.stamp, stamp_id: id, data: String(id) });
                }}
              >
                <img src={stampUrl(id)} alt="" width={240} height={240} />
              </button>
            ))}
          </div>
        </BottomSheet>
      ) : null}

      {sheet === 'more' && room ? (
        <BottomSheet title={strings.more} onClose={() => setSheet(null)}>
          <div className="ch-actions">
            {canAddFriend ? (
              <Button variant="secondary" onClick={() => void addFriend()}>
                <AddPersonIcon size={18} />
                {strings.addFriend}
              </Button>
            ) : null}
            <Button variant="text" onClick={() => setSheet('report')}>
              {strings.report}
            </Button>
          </div>
        </BottomSheet>
      ) : null}

      {sheet === 'card' && room && !partnerAnonymous ? (
        <BottomSheet title={strings.partnerCard} onClose={() => setSheet(null)}>
          <div className="ch-card">
            <Avatar src={room.userInfo.profile_image} alt={name} size={88} />
            <strong>{name}</strong>
            {room.topic?.title ? <p className="hn-text-muted hn-text-small">{room.topic.title}</p> : null}
          </div>
          <div className="ch-actions">
            {canAddFriend ? (
              <Button variant="secondary" onClick={() => void addFriend()}>
                <AddPersonIcon size={18} />
                {strings.addFriend}
              </Button>
            ) : null}
            <Button variant="text" onClick={() => setSheet('report')}>
              {strings.report}
            </Button>
          </div>
        </BottomSheet>
      ) : null}

      {sheet === 'report' ? (
        <BottomSheet title={strings.reportTitle} onClose={() => setSheet(null)}>
          <label className="hn-field">
            <span className="hn-field__label">{strings.reportPlaceholder}</span>
            <textarea
              className="hn-textarea"
              rows={5}
              value={report}
              onChange={(e) => {
                setReport(e.target.value);
                setReportError('');
              }}
              aria-invalid={!!reportError}
              aria-describedby="ch-report-error"
            />
            <span className="hn-field__error" id="ch-report-error" role="alert">
              {reportError}
            </span>
          </label>
          <div className="ch-actions" style={{ marginTop: 12 }}>
            <Button variant="destructive" onClick={() => void sendReport()}>
              {strings.report}
            </Button>
            <Button variant="text" onClick={() => setSheet(null)}>
              {strings.cancel}
            </Button>
          </div>
        </BottomSheet>
      ) : null}

      {viewer ? (
        <div
          className="ch-viewer"
          role="dialog"
          aria-modal="true"
          aria-label={strings.imageViewer}
          onClick={() => setViewer(null)}
        >
          <img src={viewer} alt={strings.image} />
          <button
            type="button"
            className="hn-icon-button"
            aria-label="閉じる"
            autoFocus
            onClick={() => setViewer(null)}
          >
            <CloseIcon />
          </button>
        </div>
      ) : null}
      {rating && room ? (
        <RatingSheet roomId={room.id} partner={room.userInfo.user_name ?? strings.noName} onDone={back} />
      ) : null}
    </div>
  );
}

function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(new Error('read failed'));
    r.readAsDataURL(file);
  });
}
