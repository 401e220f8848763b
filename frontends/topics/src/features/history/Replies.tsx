import { isApiError } from '@honne/api-client';
import { REPLY_TYPES, topicChannels, type Reply, type Topic } from '@honne/contracts/topics';
import { Button, EmptyState, Header, Toggle, useOnlineStatus } from '@honne/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'wouter';

import { T, client, useFail } from '../../data/api.ts';
import { displayName, expireMs, historyName } from '../../lib/format.ts';
import { appendPage, emptyPaged, withLatest, type Paged } from '../../lib/pages.ts';
import { usePagedList } from '../../lib/usePagedList.ts';
import { strings } from '../../strings.ts';
import { TopicRowSkeleton } from '../post-list/TopicRow.tsx';
import { Countdown } from '../shared/Countdown.tsx';
import { ChatIcon } from '../shared/icons.tsx';
import { Tabs } from '../shared/Tabs.tsx';
import { UnreadCount } from '../shared/UnreadCount.tsx';
import { useRoomMessages, useRoomUnread } from '../shared/useRoomActivity.ts';
import { useExpiryReturn } from '../shared/useExpiryReturn.ts';
import { useTopicEvents } from '../shared/useTopicEvents.ts';
import { UserAvatar } from '../shared/UserAvatar.tsx';

type ReplyType = (typeof REPLY_TYPES)[keyof typeof REPLY_TYPES];

/**
 * `/history/:topicId/replies` (spec §2): back to /history, all '0' / replied '1', the owner's
 * incoming-talk switch (PUT /topics/{id} is_callable), the countdown, the people who replied.
 */
export function Replies() {
  const { topicId = '' } = useParams();
  const [, navigate] = useLocation();
  const fail = useFail();
  const online = useOnlineStatus();
  const back = useCallback(() => navigate('/history'), [navigate]);
  const expired = useExpiryReturn(back);
  const [topic, setTopic] = useState<Topic | null>(null);
  const [type, setType] = useState<ReplyType>(REPLY_TYPES.all);
  const [state, setState] = useState<Paged<Reply>>(emptyPaged);
  const [loading, setLoading] = useState(true);
  const [toggling, setToggling] = useState(false);
  const stateRef = useRef(state);
  stateRef.current = state;
  const busy = useRef(false);

  useEffect(() => {
    let alive = true;
    client()
      .call(T.topic, { params: { id: topicId } })
      .then((r) => alive && setTopic(r.data))
      .catch((e: unknown) => {
        if (!alive) return;
        if (isApiError(e) && e.status === 404) expired();
        else fail(e);
      });
    return () => {
      alive = false;
    };
  }, [topicId, expired, fail]);

  const load = useCallback(
    async (more: boolean) => {
      const s = stateRef.current;
      if (more && (s.done || busy.current || !s.cursor)) return;
      busy.current = true;
      if (!more) setLoading(true);
      try {
        const r = await client().call(T.replyList, {
          params: { id: topicId },
          query: { type, ...(more && s.cursor ? { last_doc_id: s.cursor } : {}) },
        });
        setState((cur) => appendPage(more ? cur : emptyPaged<Reply>(), r.data, r.last_doc_id));
      } catch (e) {
        if (isApiError(e) && e.status === 404) expired();
        else fail(e);
        if (!more) setState({ ...emptyPaged<Reply>(), done: true });
      } finally {
        busy.current = false;
        setLoading(false);
      }
    },
    [topicId, type, expired, fail],
  );

  usePagedList(load);

  useTopicEvents(topic ? topicChannels.thread(topic.thread_id) : null, {
    removed: (id) => {
      if (id === topicId) expired();
    },
  });

  // Each reply says what waits in its room: the newest message and the unread count, live.
  const unread = useRoomUnread();
  useRoomMessages((roomId, preview) => setState((s) => withLatest(s, roomId, preview)));

  const toggle = async (next: boolean) => {
    if (!topic) return;
    setToggling(true);
    setTopic({ ...topic, is_callable: next });
    try {
      const r = await client().call(T.updateTopic, { params: { id: topic.id }, body: { is_callable: next } });
      setTopic(r.data);
    } catch (e) {
      setTopic({ ...topic, is_callable: !next });
      if (isApiError(e) && e.status === 404) expired();
      else fail(e);
    } finally {
      setToggling(false);
    }
  };

  return (
    <div className="tp-screen">
      <Header title={strings.repliesTitle} onBack={back} />
      <section className="tp-replies__head" aria-busy={!topic}>
        {topic ? (
          <>
            <p className="tp-row__title" style={{ margin: 0 }}>
              {topic.title}
            </p>
            <div className="tp-replies__line">
              <Countdown expireAtMs={expireMs(topic)} onExpire={expired} compact={false} />
              {topic.is_mine ? (
                <Toggle
                  label={strings.allowTalks}
                  checked={topic.is_callable}
                  onChange={(v) => void toggle(v)}
                  disabled={toggling || !online}
                />
              ) : null}
            </div>
          </>
        ) : (
          <>
            <span className="hn-skeleton" style={{ width: '70%', height: 16 }} />
            <span className="hn-skeleton" style={{ width: '40%', height: 14 }} />
          </>
        )}
      </section>
      <Tabs
        label={strings.repliesTitle}
        value={type}
        options={[REPLY_TYPES.all, REPLY_TYPES.replied].map((t) => ({ value: t, label: strings.repliesTabs[t]! }))}
        onChange={setType}
      />
      <main aria-busy={loading} style={{ flex: 1 }}>
        {loading ? (
          Array.from({ length: 4 }, (_, i) => <TopicRowSkeleton key={i} />)
        ) : state.items.length === 0 ? (
          <EmptyState
            icon={<ChatIcon size={44} />}
            title={strings.noReplies}
            action={
              <Button variant="secondary" onClick={back}>
                {strings.historyTitle}
              </Button>
            }
          />
        ) : (
          <ul className="tp-list">
            {state.items.map((r) => {
              const count = unread[r.room_id] ?? 0;
              return (
                <li key={r.id} className="tp-row" data-room-id={r.room_id}>
                  <button
                    type="button"
                    className="tp-history__row"
                    onClick={() => navigate(`/chat/${r.room_id}`)}
                    aria-label={strings.openConversation(displayName(r.user))}
                  >
                    <UserAvatar user={r.user} size={44} />
                    <span style={{ minWidth: 0 }}>
                      <span className="tp-row__meta" style={{ marginTop: 0 }}>
                        <span className="tp-row__name" title={displayName(r.user)} style={{ fontWeight: 700 }}>
                          {historyName(displayName(r.user))}
                        </span>
                        <span className={r.is_replied ? 'tp-tag tp-tag--mine' : 'tp-tag'}>
                          {r.is_replied ? strings.replied : strings.notReplied}
                        </span>
                      </span>
                      <span
                        className={count > 0 ? 'tp-history__msg tp-history__msg--unread' : 'tp-history__msg'}
                        style={{ display: 'block' }}
                      >
                        {r.latest_message ?? strings.noMessage}
                      </span>
                    </span>
                    <span className="tp-row__side">
                      <UnreadCount count={count} />
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </main>
    </div>
  );
}
