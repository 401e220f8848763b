import { STORAGE_KEYS, getApi } from '@honne/api-client';
import { ROOM_TYPES } from '@honne/contracts/chat';
import { FRIENDS_PAGE_SIZE, friendsEndpoints, type Friend } from '@honne/contracts/friends';
import { Avatar, EmptyState, FriendsIcon, Header, Skeleton, formatBadge, Button } from '@honne/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

import { shortWhen } from '../../lib/days.ts';
import { strings } from '../../strings.ts';
import { ensureChatStyles } from '../../styles.ts';
import { client, useFail } from '../shared/api.ts';
import { AddPersonIcon, BlockIcon, ChatIcon, PhoneIcon, TrashIcon } from '../shared/icons.tsx';
import { startFriendCall } from '../call/start.ts';

import { FriendDetail } from './FriendDetail.tsx';
import { FriendRequests } from './FriendRequests.tsx';
import { useFriendActions, useOpenFriendRoom } from './useFriendActions.ts';

ensureChatStyles();

type Filter = 'history' | 'mine' | 'all';

const byLatest = (a: Friend, b: Friend) => Date.parse(b.updated_at) - Date.parse(a.updated_at);

/**
 * /friendlist and /friendlistcall (accounts-profile-friends §2): friends, latest message first,
 * 30 a page until an empty page; unread badges live; '11'/'12' update the list in place.
 */
export function FriendList({ variant }: { variant: 'chat' | 'call' }) {
  const [, navigate] = useLocation();
  // The history entry's state: a tab tap pushes a new one (shell MainLayout), so it changes then.
  const entry = useHistoryState<unknown>();
  const fail = useFail();
  const openRoom = useOpenFriendRoom();
  const { block, remove } = useFriendActions();
  const [friends, setFriends] = useState<Friend[] | null>(null);
  const [done, setDone] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [unread, setUnread] = useState<Readonly<Record<string, number>>>({});
  const [filter, setFilter] = useState<Filter>('all');
  const [detail, setDetail] = useState<Friend | null>(null);
  const cursor = useRef<string | null>(null);
  const generation = useRef(0);
  const sentinel = useRef<HTMLLIElement>(null);

  const loadPage = useCallback(
    async (reset: boolean) => {
      const gen = reset ? ++generation.current : generation.current;
      if (reset) cursor.current = null;
      setLoadingMore(true);
      try {
        const r = await client().call(friendsEndpoints.list, {
          query: { per_page: FRIENDS_PAGE_SIZE, ...(cursor.current ? { last_doc_id: cursor.current } : {}) },
        });
        if (gen !== generation.current) return;
        cursor.current = r.last_doc_id;
        setDone(r.data.length === 0 || !r.last_doc_id);
        setFriends((list) => {
          const base = reset ? [] : (list ?? []);
          const seen = new Set(base.map((f) => f.id));
          return [...base, ...r.data.filter((f) => !seen.has(f.id))];
        });
      } catch (error) {
        if (gen !== generation.current) return;
        setFriends((list) => list ?? []);
        setDone(true);
        void fail(error);
      } finally {
        if (gen === generation.current) setLoadingMore(false);
      }
    },
    [fail],
  );

  // Tapping the friends tab (a new history entry) reloads from the start.
  useEffect(() => {
    setFriends(null);
    setDone(false);
    void loadPage(true);
  }, [entry, loadPage]);

  useEffect(() => getApi().unread.subscribe((s) => setUnread(s.rooms)), []);

  // A room opened from here goes back here (the remembered tab, spec §2: friends is 4).
  useEffect(() => getApi().client.storage.setItem(STORAGE_KEYS.tabIndex, '4'), []);

  useEffect(() => {
    const hub = getApi().realtime;
    const offs = [
      hub.on('friendAdded', (f) =>
        setFriends((list) => (list ? [f, ...list.filter((x) => x.id !== f.id && x.user.id !== f.user.id)] : list)),
      ),
      hub.on('friendDeleted', ({ user_id }) =>
        setFriends((list) => (list ? list.filter((x) => x.user.id !== user_id) : list)),
      ),
      hub.on('messageCreated', (m) => {
        // A friend room opened after the list loaded is known by a message between us in it; the
        // entry's room may be the voice's room the friendship began in (walk #22).
        const matches = (f: Friend) =>
          f.room_id === m.room_id ||
          (m.room_type_id === ROOM_TYPES.chatFriend && (m.user_id === f.user.id || m.receiver_id === f.user.id));
        const preview = m.is_voice
          ? strings.preview.voice
          : m.is_sound
            ? strings.preview.sound
            : m.message_type_id === 2 || m.message_type_id === 4
              ? strings.preview.image
              : m.message_type_id === 3
                ? strings.preview.stamp
                : m.data;
        setFriends((list) => {
          if (!list?.some(matches)) return list;
          return list
            .map((f) =>
              matches(f)
                ? { ...f, room_id: m.room_id, latestMessage: preview ?? f.latestMessage, updated_at: m.created_at }
                : f,
            )
            .sort(byLatest);
        });
      }),
    ];
    return () => offs.forEach((off) => off());
  }, []);

  // Next page on reaching the bottom, until an empty page.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || done || friends === null) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !loadingMore) void loadPage(false);
    });
    io.observe(el);
    return () => io.disconnect();
  }, [done, friends, loadingMore, loadPage]);

  const drop = (userId: string) => setFriends((list) => (list ? list.filter((f) => f.user.id !== userId) : list));

  const shown =
    friends === null
      ? null
      : variant === 'call' && filter === 'history'
        ? friends.filter((f) => !!f.latestMessage)
        : variant === 'call' && filter === 'mine'
          ? friends.filter((f) => !!f.topic_id)
          : friends;
  const now = new Date();

  return (
    <>
      <Header
        title={strings.friendsTitle}
        right={
          <button
            type="button"
            className="hn-icon-button"
            aria-label={strings.addFriendTitle}
            onClick={() => navigate('/addfriend')}
          >
            <AddPersonIcon />
          </button>
        }
      />
      {variant === 'call' ? (
        <div className="ch-filter" role="group" aria-label={strings.filterLabel}>
          {(
            [
              ['history', strings.filterHistory],
              ['mine', strings.filterMine],
              ['all', strings.filterAll],
            ] as const
          ).map(([id, label]) => (
            <button key={id} type="button" aria-pressed={filter === id} onClick={() => setFilter(id)}>
              {label}
            </button>
          ))}
        </div>
      ) : null}
      <main className="hn-page" style={{ padding: 0 }} aria-busy={friends === null}>
        {variant === 'chat' ? <FriendRequests /> : null}
        {shown === null ? (
          <div aria-hidden="true">
            {[0, 1, 2, 3, 4].map((i) => (
              <div key={i} className="ch-skel-row">
                <Skeleton width={52} height={52} radius="50%" />
                <div style={{ flex: 1 }}>
                  <Skeleton width="40%" height={14} />
                  <div style={{ height: 8 }} />
                  <Skeleton width="70%" height={12} />
                </div>
              </div>
            ))}
          </div>
        ) : shown.length === 0 ? (
          <EmptyState
            icon={<FriendsIcon size={48} />}
            title={strings.noFriends}
            description={strings.noFriendsHint}
            action={<Button onClick={() => navigate('/addfriend')}>{strings.addFriendTitle}</Button>}
          />
        ) : (
          <ul className="ch-list" aria-label={strings.friendsTitle}>
            {shown.map((f) => {
              const name = f.user.user_name ?? strings.noName;
              const count = f.room_id ? (unread[f.room_id] ?? 0) : 0;
              const badge = formatBadge(count);
              return (
                <li key={f.id} className="ch-friend" data-testid="friend-row">
                  <button
                    type="button"
                    className="ch-friend__avatar"
                    aria-label={`${name} ${strings.partnerCard}`}
                    onClick={() => setDetail(f)}
                  >
                    <Avatar src={f.user.profile_image} alt="" size={52} />
                    {badge ? (
                      <span className="ch-friend__badge" aria-label={`${badge}件の未読`}>
                        {badge}
                      </span>
                    ) : null}
                  </button>
                  <div style={{ minWidth: 0 }}>
                    <div className="ch-friend__name">{name}</div>
                    <div className="ch-friend__preview">
                      {variant === 'call' ? (
                        f.latestMessage ? (
                          <>
                            <time dateTime={f.updated_at}>{shortWhen(f.updated_at, now)}</time> {f.latestMessage}
                          </>
                        ) : (
                          strings.noMessage
                        )
                      ) : (
                        (f.latestMessage ?? '')
                      )}
                    </div>
                  </div>
                  <div className="ch-friend__actions">
                    <button
                      type="button"
                      className="hn-icon-button"
                      aria-label={`${name}と${strings.chat}`}
                      onClick={() => void openRoom(f.user.id)}
                    >
                      <ChatIcon size={22} />
                    </button>
                    <button
                      type="button"
                      className="hn-icon-button"
                      aria-label={`${name}と${strings.call}`}
                      onClick={() => startFriendCall(f.user.id)}
                    >
                      <PhoneIcon size={22} />
                    </button>
                    <button
                      type="button"
                      className="hn-icon-button"
                      aria-label={`${name}を${strings.block}`}
                      onClick={() => void block(f.user.id).then((ok) => ok && drop(f.user.id))}
                    >
                      <BlockIcon size={22} />
                    </button>
                    <button
                      type="button"
                      className="hn-icon-button"
                      aria-label={`${name}を${strings.deleteFriend}`}
                      onClick={() => void remove(f.user.id).then((ok) => ok && drop(f.user.id))}
                    >
                      <TrashIcon size={22} />
                    </button>
                  </div>
                </li>
              );
            })}
            {!done ? (
              <li ref={sentinel} aria-hidden="true" className="ch-skel-row">
                <Skeleton width={52} height={52} radius="50%" />
                <Skeleton width="50%" height={14} />
              </li>
            ) : null}
          </ul>
        )}
      </main>
      {detail ? (
        <FriendDetail
          friend={detail}
          onClose={() => setDetail(null)}
          onGone={(id) => {
            setDetail(null);
            drop(id);
          }}
        />
      ) : null}
    </>
  );
}
