import { getApi } from '@honne/api-client';
import { TOPIC_LIMITS, topicChannels, type Category, type Topic, type TopicListQuery } from '@honne/contracts/topics';
import { ChevronIcon, ChoiceSheet, EmptyState, Header, Button, usePopup } from '@honne/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';

import { profile, reference } from '../../data/api.ts';
import { createAutoScroll, type AutoScroll, type AutoScrollState } from '../../lib/auto-scroll.ts';
import { displayName, expireMs } from '../../lib/format.ts';
import { nearBottom } from '../../lib/pages.ts';
import { strings } from '../../strings.ts';
import { ensureTopicsStyles } from '../../styles.ts';
import { TopicDetail } from '../detail/TopicDetail.tsx';
import { ThemeSearch } from '../search/ThemeSearch.tsx';
import { Countdown } from '../shared/Countdown.tsx';
import { SearchIcon } from '../shared/icons.tsx';
import { useTopicFeed } from '../shared/useTopicFeed.ts';
import { UserAvatar } from '../shared/UserAvatar.tsx';

ensureTopicsStyles();

const ALL = 0;
const welcomeKey = (userId: string) => `honne.topics.welcome_dismissed.${userId}`;

/** Odd items (1st, 3rd…) in the left column, even ones in the right (spec §2). */
export function splitColumns<T>(items: readonly T[]): [T[], T[]] {
  const odd: T[] = [];
  const even: T[] = [];
  items.forEach((item, i) => (i % 2 === 0 ? odd : even).push(item));
  return [odd, even];
}

/**
 * `/search`: the latest posts as bubbles (spec §2 最新投稿). The theme search flow lives on the
 * same route and opens with `?flow=…` (the header button, or a link from the post list).
 */
export default function LatestPosts() {
  const [params, setParams] = useSearchParams();
  const exitFlow = useCallback(() => setParams({}, { replace: false }), [setParams]);
  if (params.get('flow')) return <ThemeSearch onExit={exitFlow} />;
  return <Bubbles openFlow={() => setParams({ flow: 'start' })} />;
}

function Bubbles({ openFlow }: { openFlow: () => void }) {
  const popup = usePopup();
  const [categories, setCategories] = useState<Category[]>([]);
  const [categoryId, setCategoryId] = useState(ALL);
  const [picker, setPicker] = useState(false);
  const [welcome, setWelcome] = useState(false);
  const [open, setOpen] = useState<Topic | null>(null);
  const [announce, setAnnounce] = useState('');
  const [fresh, setFresh] = useState<Set<string>>(new Set());
  const [scrollState, setScrollState] = useState<AutoScrollState>('off');
  const box = useRef<HTMLDivElement>(null);
  const auto = useRef<AutoScroll | null>(null);

  useEffect(() => {
    reference
      .categories()
      .then((cats) => setCategories(cats.filter((c) => c.id < TOPIC_LIMITS.pickerCategoryBelow)))
      .catch(() => undefined);
    // First login: the welcome banner until tapped (remembered on this device).
    const userId = getApi().client.session.get()?.user_id;
    if (!userId || getApi().client.storage.getItem(welcomeKey(userId))) return;
    profile()
      .then((p) => setWelcome(p.is_first_login !== 0))
      .catch(() => setWelcome(true));
  }, []);

  const dismissWelcome = () => {
    const userId = getApi().client.session.get()?.user_id;
    if (userId) getApi().client.storage.setItem(welcomeKey(userId), '1');
    setWelcome(false);
  };

  const query = useMemo<TopicListQuery>(() => (categoryId ? { category_id: categoryId } : {}), [categoryId]);
  const feed = useTopicFeed(query, {
    channel: categoryId ? topicChannels.category(categoryId) : topicChannels.all,
    accepts: (t) => !categoryId || t.category_id === categoryId,
    onInserted: (n) => setAnnounce(strings.newVoices(n)),
  });

  // New bubbles glide in; remember which are new for a moment.
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    const ids = feed.state.items.map((t) => t.id);
    if (seen.current && !feed.loading) {
      const added = ids.filter((id) => !seen.current!.has(id));
      if (added.length > 0) setFresh(new Set(added));
    }
    seen.current = new Set(ids);
    auto.current?.contentChanged();
  }, [feed.state.items, feed.loading]);

  // The auto-scroll: 3 s idle, 2 px / 50 ms; hover, wheel, touch and the bottom stop it.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const media = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    const controller = createAutoScroll(el, { reducedMotion: () => !!media?.matches, onChange: setScrollState });
    auto.current = controller;
    controller.start();
    const onMotion = () => (media?.matches ? controller.stop() : controller.start());
    media?.addEventListener?.('change', onMotion);
    return () => {
      media?.removeEventListener?.('change', onMotion);
      controller.stop();
      auto.current = null;
    };
  }, [feed.loading]);

  const onScroll = () => {
    const el = box.current;
    if (el && nearBottom(el.scrollTop, el.clientHeight, el.scrollHeight, 200)) void feed.loadMore();
  };

  const interact = () => auto.current?.interact();
  const [odd, even] = splitColumns(feed.state.items);
  const category = categories.find((c) => c.id === categoryId);

  const bubble = (t: Topic, parity: 'odd' | 'even') => (
    <button
      key={t.id}
      type="button"
      className={['tp-bubble', parity === 'even' && 'tp-bubble--even', fresh.has(t.id) && 'tp-bubble--new']
        .filter(Boolean)
        .join(' ')}
      onClick={() => setOpen(t)}
      aria-haspopup="dialog"
      data-topic-id={t.id}
    >
      <span className="tp-bubble__title">{t.title}</span>
      <span className="tp-bubble__who">
        <UserAvatar user={t.user} size={24} />
        <span>{displayName(t.user)}</span>
      </span>
      <Countdown expireAtMs={expireMs(t)} onExpire={() => feed.remove(t.id)} />
    </button>
  );

  return (
    <div className="tp-screen tp-screen--fill">
      <Header
        title={strings.latestTitle}
        right={
          <button type="button" className="hn-icon-button" aria-label={strings.findTheme} onClick={openFlow}>
            <SearchIcon size={22} />
          </button>
        }
      />
      {welcome ? (
        <button type="button" className="tp-welcome" onClick={dismissWelcome}>
          <strong>{strings.welcomeTitle}</strong>
          {strings.welcomeBody}
          <small>{strings.welcomeDismiss}</small>
        </button>
      ) : null}
      <div className="tp-toolbar">
        <button type="button" className="tp-chip-button" aria-haspopup="dialog" onClick={() => setPicker(true)}>
          <span>{category?.name ?? strings.allCategories}</span>
          <ChevronIcon size={16} style={{ transform: 'rotate(90deg)' }} />
        </button>
        <button type="button" className="tp-chip-button tp-chip-button--primary" onClick={openFlow}>
          <SearchIcon size={16} />
          <span>{strings.findTheme}</span>
        </button>
      </div>
      <div className="hn-visually-hidden" aria-live="polite" role="status">
        {announce}
      </div>
      <div className="tp-bubbles-wrap">
        <div
          ref={box}
          className="tp-bubbles"
          aria-label={strings.bubblesLabel}
          aria-busy={feed.loading}
          data-autoscroll={scrollState}
          tabIndex={0}
          role="region"
          onScroll={onScroll}
          onMouseEnter={() => auto.current?.hoverStart()}
          onMouseLeave={() => auto.current?.hoverEnd()}
          onWheel={interact}
          onTouchStart={interact}
          onKeyDown={interact}
          onFocus={() => auto.current?.hoverStart()}
          onBlur={() => auto.current?.hoverEnd()}
        >
          {feed.loading ? (
            <div className="tp-bubbles__grid" aria-hidden="true">
              {[0, 1].map((c) => (
                <div key={c} className={c ? 'tp-bubbles__col tp-bubbles__col--even' : 'tp-bubbles__col'}>
                  {[0, 1, 2].map((i) => (
                    <span key={i} className="hn-skeleton" style={{ height: 104, borderRadius: 18 }} />
                  ))}
                </div>
              ))}
            </div>
          ) : feed.state.items.length === 0 ? (
            <EmptyState
              title={strings.noLatest}
              description={strings.noLatestNext}
              action={<Button onClick={openFlow}>{strings.findTheme}</Button>}
            />
          ) : (
            <div className="tp-bubbles__grid">
              <div className="tp-bubbles__col">{odd.map((t) => bubble(t, 'odd'))}</div>
              <div className="tp-bubbles__col tp-bubbles__col--even">{even.map((t) => bubble(t, 'even'))}</div>
            </div>
          )}
        </div>
      </div>
      {picker ? (
        <ChoiceSheet
          title={strings.categoryPickerTitle}
          options={[
            { value: ALL, label: strings.allCategories },
            ...categories.map((c) => ({ value: c.id, label: c.name })),
          ]}
          value={categoryId}
          onChoose={(v) => {
            setPicker(false);
            setCategoryId(v);
          }}
          onClose={() => setPicker(false)}
        />
      ) : null}
      {open ? (
        <TopicDetail
          topic={open}
          onClose={() => setOpen(null)}
          onExpired={(id) => {
            void popup.alert(strings.voiceExpired).then(() => setOpen(null));
            feed.remove(id);
          }}
        />
      ) : null}
    </div>
  );
}
