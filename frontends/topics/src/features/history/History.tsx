import { HISTORY_TYPES, type HistoryItem } from '@honne/contracts/topics';
import { Button, ClockIcon, EmptyState, Header } from '@honne/ui';
import { getApi } from '@honne/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Route, Switch, useLocation } from 'wouter';

import { T, client, useFail } from '../../data/api.ts';
import { displayName, expireMs, historyName } from '../../lib/format.ts';
import { appendPage, emptyPaged, removeItem, withLatest, type Paged } from '../../lib/pages.ts';
import { usePagedList } from '../../lib/usePagedList.ts';
import { strings } from '../../strings.ts';
import { ensureTopicsStyles } from '../../styles.ts';
import { TopicRowSkeleton } from '../post-list/TopicRow.tsx';
import { Countdown } from '../shared/Countdown.tsx';
import { LoadingMore } from '../shared/LoadingMore.tsx';
import { Tabs } from '../shared/Tabs.tsx';
import { UnreadCount } from '../shared/UnreadCount.tsx';
import { useRoomMessages, useRoomUnread } from '../shared/useRoomActivity.ts';
import { UserAvatar } from '../shared/UserAvatar.tsx';

import { Replies } from './Replies.tsx';

ensureTopicsStyles();

/** `/history/*`: the history list and, under it, the reply list of one voice. */
export default function History() {
  return (
    <Switch>
      <Route path="/history">
        <HistoryList />
      </Route>
      <Route path="/history/:topicId/replies">
        <Replies />
      </Route>
    </Switch>
  );
}

type HistoryType = (typeof HISTORY_TYPES)[keyof typeof HISTORY_TYPES];
const TYPES: HistoryType[] = [HISTORY_TYPES.all, HISTORY_TYPES.myTopic, HISTORY_TYPES.othersTopic];

/** Spec §2 history: filter tabs all 0 / my topic 1 / others' topic 2, more within 50 px of the bottom. */
function HistoryList() {
  const [, navigate] = useLocation();
  const fail = useFail();
  const [type, setType] = useState<HistoryType>(HISTORY_TYPES.all);
  const [state, setState] = useState<Paged<HistoryItem>>(emptyPaged);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const request = useRef(0);
  const stateRef = useRef(state);
  stateRef.current = state;
  const busy = useRef(false);

  const load = useCallback(
    async (more: boolean) => {
      const s = stateRef.current;
      if (more && (s.done || busy.current || !s.cursor)) return;
      const id = more ? request.current : ++request.current;
      busy.current = true;
      if (more) setLoadingMore(true);
      else setLoading(true);
      try {
        const r = await client().call(T.history, {
          query: { type, ...(more && s.cursor ? { last_doc_id: s.cursor } : {}) },
        });
        if (id === request.current)
          setState((cur) => appendPage(more ? cur : emptyPaged<HistoryItem>(), r.data, r.last_doc_id));
      } catch (e) {
        if (id === request.current && !more) setState({ ...emptyPaged<HistoryItem>(), done: true });
        fail(e);
      } finally {
        busy.current = false;
        if (id === request.current) {
          setLoading(false);
          setLoadingMore(false);
        }
      }
    },
    [type, fail],
  );

  usePagedList(load);

  // '13' removes a history entry; topic.expired / topic.deleted do too when this list watches them.
  useEffect(
    () =>
      getApi().realtime.on('historyDeleted', (data) =>
        setState((s) => ({
          ...s,
          items: s.items.filter((i) => i.id !== data.history_id && (data.history_id || i.topic.id !== data.topic_id)),
        })),
      ),
    [],
  );

  // Each row says what waits in its room: the newest message and the unread count, live.
  const unread = useRoomUnread();
  useRoomMessages((roomId, preview) => setState((s) => withLatest(s, roomId, preview)));

  const items = state.items;
  return (
    <div className="tp-screen">
      <Header title={strings.historyTitle} />
      <Tabs
        label={strings.historyTitle}
        value={type}
        options={TYPES.map((t) => ({ value: t, label: strings.historyTabs[t]! }))}
        onChange={setType}
      />
      <main aria-busy={loading} style={{ flex: 1 }}>
        {loading ? (
          Array.from({ length: 5 }, (_, i) => <TopicRowSkeleton key={i} />)
        ) : items.length === 0 ? (
          <EmptyState
            icon={<ClockIcon size={48} />}
            title={strings.noHistory}
            description={strings.noHistoryNext}
            action={<Button onClick={() => navigate('/')}>{strings.goHome}</Button>}
          />
        ) : (
          <ul className="tp-list">
            {items.map((h) => {
              const mine = h.type === HISTORY_TYPES.myTopic;
              const who = mine ? h.user : h.topic_creator;
              // The room's partner is who the conversation is with, whoever posted the voice.
              const partner = displayName(h.user);
              const count = unread[h.room_id] ?? 0;
              return (
                <li key={h.id} className="tp-row tp-history__item" data-history-id={h.id} data-room-id={h.room_id}>
                  <button
                    type="button"
                    className="tp-history__row"
                    onClick={() => navigate(`/chat/${h.room_id}`)}
                    aria-label={`${strings.openConversation(partner)}: ${h.topic.title}`}
                  >
                    <UserAvatar user={who} size={44} />
                    <span style={{ minWidth: 0 }}>
                      {/* Walk #34: the tag first (one place on every row), the countdown on this line,
                          so the title and preview get the row's width. */}
                      <span className="tp-row__meta tp-history__meta" style={{ marginTop: 0 }}>
                        <span className={mine ? 'tp-tag tp-tag--mine' : 'tp-tag'}>{strings.historyTabs[h.type]}</span>
                        <span className="tp-row__name" title={displayName(who)}>
                          {historyName(displayName(who))}
                        </span>
                        <span className="tp-history__side">
                          <Countdown expireAtMs={expireMs(h)} onExpire={() => setState((s) => removeItem(s, h.id))} />
                          <UnreadCount count={count} />
                        </span>
                      </span>
                      <span className="tp-row__title">{h.topic.title}</span>
                      <span
                        className={count > 0 ? 'tp-history__msg tp-history__msg--unread' : 'tp-history__msg'}
                        style={{ display: 'block' }}
                      >
                        {h.latest_message ?? strings.noMessage}
                      </span>
                    </span>
                  </button>
                  {mine ? (
                    <button
                      type="button"
                      className="tp-history__replies"
                      onClick={() => navigate(`/history/${h.topic.id}/replies`)}
                    >
                      {strings.viewReplies}
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        {loadingMore ? <LoadingMore /> : null}
      </main>
    </div>
  );
}
