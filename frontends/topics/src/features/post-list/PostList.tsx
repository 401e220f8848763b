import type { UserProfile } from '@honne/contracts/accounts';
import { messages } from '@honne/contracts/messages';
import type { Named } from '@honne/contracts/profile';
import {
  TOPIC_LIMITS,
  areaFilter,
  isPostableArea,
  topicChannels,
  type Category,
  type FilterBody,
  type FilterHistory,
  type SubCategory,
  type Thread,
  type Topic,
  type TopicListQuery,
} from '@honne/contracts/topics';
import { Button, ChoiceSheet, EmptyState, Header, useOnlineStatus, usePopup } from '@honne/ui';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';

import { T, client, profile as loadProfile, reference, useFail } from '../../data/api.ts';
import { strings } from '../../strings.ts';
import { ensureTopicsStyles } from '../../styles.ts';
import { TopicDetail } from '../detail/TopicDetail.tsx';
import { FilterIcon, SearchIcon } from '../shared/icons.tsx';
import { PasswordGate } from '../shared/PasswordGate.tsx';
import { useTopicFeed } from '../shared/useTopicFeed.ts';
import { LoadingMore } from '../shared/LoadingMore.tsx';

import { CreateVoice } from './CreateVoice.tsx';
import { TopicRow, TopicRowSkeleton } from './TopicRow.tsx';

ensureTopicsStyles();

type Sheet = 'category' | 'subCategory' | 'area' | null;
/** The saved filter's 'all categories' (POST /users/filter category_id 0). */
const ALL_CATEGORIES = 0;

/** What the saved filter narrows the list to ('女性・20代・オンライン'), or null when it shows everyone. */
export function activeFilter(filter: FilterHistory, ages: readonly { id: number; name: string }[]): string | null {
  const parts = [
    Number(filter.gender ?? 0) ? strings.genders[Number(filter.gender)] : null,
    filter.age_id ? (ages.find((a) => a.id === filter.age_id)?.name ?? null) : null,
    filter.user_status ? strings.presences[filter.user_status] : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('・') : null;
}

/** GET /topics for the chosen theme (area chosen) or category / sub-category (all areas), with the saved filter. */
export function listQuery(filter: FilterHistory, thread: Thread | null): TopicListQuery {
  const q: TopicListQuery = {};
  const gender = Number(filter.gender ?? 0);
  if (gender > 0) q.gender = gender;
  if (filter.age_id) q.age_id = filter.age_id;
  if (filter.user_status) q.user_status = filter.user_status;
  if (thread) return { ...q, thread_id: thread.id };
  if (filter.category_id) q.category_id = filter.category_id;
  if (filter.sub_category_id) q.sub_category_id = filter.sub_category_id;
  const area = areaFilter(filter.area_id);
  if (area) q.area_id = area;
  return q;
}

/** The channel a list listens on: the narrowest that covers it. */
export function listChannel(filter: FilterHistory, thread: Thread | null): string {
  if (thread) return topicChannels.thread(thread.id);
  if (filter.sub_category_id) return topicChannels.subCategory(filter.sub_category_id);
  if (filter.category_id) return topicChannels.category(filter.category_id);
  return topicChannels.all;
}

/** Whether a voice announced on the channel belongs in the list (the same rules as the server's query). */
export function acceptsTopic(filter: FilterHistory, thread: Thread | null, t: Topic): boolean {
  if (thread && t.thread_id !== thread.id) return false;
  if (!thread) {
    if (filter.category_id && t.category_id !== filter.category_id) return false;
    if (filter.sub_category_id && t.sub_category_id !== filter.sub_category_id) return false;
    const area = areaFilter(filter.area_id);
    if (area && t.area_id !== area) return false;
  }
  const gender = Number(filter.gender ?? 0);
  if (gender > 0 && t.user.gender !== String(gender)) return false;
  if (filter.age_id && (t.user.age_id ?? t.user.age?.id) !== filter.age_id) return false;
  // Presence is known to the server only: with that filter on, new voices come with the next reload.
  if (filter.user_status) return false;
  return true;
}

/** `/`: the post list (spec §2 投稿リスト). */
export default function PostList() {
  const [, navigate] = useLocation();
  const popup = usePopup();
  const fail = useFail();
  const online = useOnlineStatus();
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState<FilterHistory | null>(null);
  const [thread, setThread] = useState<Thread | null>(null);
  const [categories, setCategories] = useState<Category[]>([]);
  const [ages, setAges] = useState<{ id: number; name: string }[]>([]);
  const [subs, setSubs] = useState<SubCategory[]>([]);
  const [areas, setAreas] = useState<Named[]>([]);
  const [me, setMe] = useState<UserProfile | null>(null);
  const [sheet, setSheet] = useState<Sheet>(null);
  const [gate, setGate] = useState<SubCategory | null>(null);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<Topic | null>(null);
  const [announce, setAnnounce] = useState('');
  const [ready, setReady] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const anchor = useRef<{ el: Element; top: number } | null>(null);
  const sentinel = useRef<HTMLDivElement>(null);

  /** The theme the list shows: with a postable area and a sub-category, the latest joined (or the newest / a default one). */
  const resolveThread = useCallback(
    async (f: FilterHistory): Promise<{ filter: FilterHistory; thread: Thread | null }> => {
      if (!isPostableArea(f.area_id) || !f.category_id || !f.sub_category_id) return { filter: f, thread: null };
      if (f.latest_joined_thread) {
        try {
          const t = (await client().call(T.thread, { params: { id: f.latest_joined_thread } })).data;
          if (t.area_id === f.area_id && t.sub_category_id === f.sub_category_id) return { filter: f, thread: t };
        } catch {
          // Gone or locked: join below.
        }
      }
      const t = (
        await client().call(T.joinThread, {
          body: { area_id: f.area_id!, category_id: f.category_id, sub_category_id: f.sub_category_id },
        })
      ).data;
      return { filter: { ...f, latest_joined_thread: t.id }, thread: t };
    },
    [],
  );

  const apply = useCallback(
    async (next: FilterHistory) => {
      try {
        const r = await resolveThread(next);
        setFilter(r.filter);
        setThread(r.thread);
        if (r.filter.category_id) setSubs(await reference.subCategories(r.filter.category_id));
        else setSubs([]);
      } catch (e) {
        setFilter(next);
        setThread(null);
        fail(e);
      }
    },
    [resolveThread, fail],
  );

  useEffect(() => {
    let alive = true;
    (async () => {
      try {
        const [f, cats, ars] = await Promise.all([
          client()
            .call(T.getFilter)
            .then((r) => r.data),
          reference.categories(),
          reference.areas(),
        ]);
        if (!alive) return;
        setCategories(cats);
        setAreas(ars);
        await apply(f);
      } catch (e) {
        fail(e);
      } finally {
        if (alive) setReady(true);
      }
    })();
    reference
      .ages()
      .then((a) => alive && setAges(a))
      .catch(() => undefined);
    loadProfile()
      .then((p) => alive && setMe(p))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [apply, fail]);

  const query = useMemo(() => (ready && filter ? listQuery(filter, thread) : null), [ready, filter, thread]);
  const channel = filter ? listChannel(filter, thread) : null;
  const filterRef = useRef({ filter, thread });
  filterRef.current = { filter, thread };

  const feed = useTopicFeed(query, {
    channel,
    accepts: (t) => !!filterRef.current.filter && acceptsTopic(filterRef.current.filter, filterRef.current.thread, t),
    beforeInsert: () => {
      // Keep what the reader is looking at in place when rows arrive above it.
      if (window.scrollY <= 0 || !listRef.current) {
        anchor.current = null;
        return;
      }
      const rows = [...listRef.current.children];
      const visible = rows.find((r) => r.getBoundingClientRect().bottom > 120);
      anchor.current = visible ? { el: visible, top: visible.getBoundingClientRect().top } : null;
    },
    onInserted: (n) => setAnnounce(strings.newVoices(n)),
  });

  useLayoutEffect(() => {
    const a = anchor.current;
    if (!a) return;
    anchor.current = null;
    const delta = a.el.getBoundingClientRect().top - a.top;
    if (delta !== 0) window.scrollBy(0, delta);
  }, [feed.state.items]);

  // Load more when the end of the list comes near.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || feed.state.done) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void feed.loadMore();
      },
      { rootMargin: '200px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [feed.state.done, feed.loadMore, feed.state.items.length]);

  const save = async (patch: FilterBody) => {
    try {
      const r = await client().call(T.saveFilter, { body: patch });
      await apply(r.data);
    } catch (e) {
      fail(e);
    }
  };

  const chooseCategory = (id: number) => {
    setSheet(null);
    if (id === (filter?.category_id ?? ALL_CATEGORIES)) return;
    void save({ category_id: id });
  };
  const chooseSub = (sub: SubCategory) => {
    if (sub.has_password && !sub.is_unlocked) {
      setSheet(null);
      setGate(sub);
      return;
    }
    setSheet(null);
    if (sub.id === filter?.sub_category_id) return;
    void save({ category_id: sub.category_id, sub_category_id: sub.id });
  };
  const chooseArea = (id: number) => {
    setSheet(null);
    if (id === filter?.area_id) return;
    void save({ area_id: id, area: areas.find((a) => a.id === id)?.name ?? '' });
  };

  const category = categories.find((c) => c.id === filter?.category_id) ?? null;
  const sub = subs.find((s) => s.id === filter?.sub_category_id) ?? null;
  const areaName = areas.find((a) => a.id === filter?.area_id)?.name ?? strings.allAreas;
  const canPost = isPostableArea(filter?.area_id);

  const startPost = useCallback(async () => {
    const f = filterRef.current.filter;
    const t = filterRef.current.thread;
    if (!f) return;
    if (!f.sub_category_id) return void popup.alert(messages.subCategoryRequired);
    if (!isPostableArea(f.area_id)) return void popup.alert(messages.regionRequired);
    const cat = categories.find((c) => c.id === f.category_id);
    if (
      cat &&
      cat.id >= TOPIC_LIMITS.pickerCategoryBelow &&
      cat.topic_max_num !== null &&
      cat.topic_max_num <= feed.state.items.length
    ) {
      return void popup.alert(messages.topicLimit);
    }
    if (!t) return void popup.alert(messages.subCategoryRequired);
    try {
      const mine = await client().call(T.myTopics, { query: { thread_id: t.id } });
      if (mine.data.length > 0) {
        const ok = await popup.confirm({
          message: messages.postAgainWarning,
          confirmLabel: strings.ok,
          cancelLabel: strings.cancel,
        });
        if (!ok) return;
      }
      if (!me) setMe(await loadProfile());
      setCreating(true);
    } catch (e) {
      fail(e);
    }
  }, [categories, feed.state.items.length, me, popup, fail]);

  // Arriving from the theme flow's 'post my voice' (/?post=1) opens the create dialog once ready.
  useEffect(() => {
    if (params.get('post') !== '1' || !ready || feed.loading || !filter) return;
    setParams({}, { replace: true });
    void startPost();
  }, [params, ready, feed.loading, filter, setParams, startPost]);

  const onExpire = useCallback((id: string) => feed.remove(id), [feed.remove]);
  const onOpen = useCallback((t: Topic) => setOpen(t), []);
  const onDetailExpired = useCallback(
    (id: string) => {
      void popup.alert(strings.voiceExpired).then(() => setOpen(null));
      feed.remove(id);
    },
    [popup, feed.remove],
  );
  const onClicked = useCallback(
    (id: string, clicks: number) =>
      feed.setState((s) => ({ ...s, items: s.items.map((i) => (i.id === id ? { ...i, click_number: clicks } : i)) })),
    [feed.setState],
  );
  const onHearted = useCallback(
    (id: string, hearts: number) =>
      feed.setState((s) => ({ ...s, items: s.items.map((i) => (i.id === id ? { ...i, heart_number: hearts } : i)) })),
    [feed.setState],
  );

  const loading = !ready || feed.loading;
  const items = feed.state.items;

  return (
    <div className="tp-screen">
      <Header
        title={strings.postListTitle}
        right={
          <button
            type="button"
            className="hn-icon-button"
            aria-label={strings.openFilter}
            onClick={() => navigate('/filtertopic')}
          >
            <FilterIcon size={22} />
          </button>
        }
      />
      <nav className="tp-selectors" aria-label={strings.theme}>
        <Selector
          label={strings.category}
          value={category?.name}
          onClick={() => setSheet('category')}
          disabled={!ready}
        />
        <Selector
          label={strings.subCategory}
          value={sub?.name}
          onClick={() => (filter?.category_id ? setSheet('subCategory') : void popup.alert(messages.categoryRequired))}
          disabled={!ready}
        />
        <Selector label={strings.area} value={areaName} onClick={() => setSheet('area')} disabled={!ready} />
      </nav>
      {thread ? (
        <div className="tp-theme-bar">
          <span style={{ minWidth: 0, display: 'flex', gap: 4 }}>
            {strings.theme}：<strong>{thread.name}</strong>
          </span>
          <button type="button" className="tp-link-button" onClick={() => navigate('/search?flow=threads')}>
            {strings.findTheme}
          </button>
        </div>
      ) : null}

      {filter && activeFilter(filter, ages) ? (
        <div className="tp-theme-bar tp-filter-bar" role="status">
          <span style={{ minWidth: 0, display: 'flex', gap: 4 }}>
            {strings.filterActive}：<strong>{activeFilter(filter, ages)}</strong>
          </span>
          <button
            type="button"
            className="tp-link-button"
            onClick={() => void save({ gender: '0', age_id: 0, user_status: 0 })}
          >
            {strings.clearFilter}
          </button>
        </div>
      ) : null}

      <div className="hn-visually-hidden" aria-live="polite" role="status">
        {announce}
      </div>

      <main aria-busy={loading} style={{ flex: 1 }}>
        {loading ? (
          <div aria-label={strings.listLabel}>
            {Array.from({ length: 6 }, (_, i) => (
              <TopicRowSkeleton key={i} />
            ))}
          </div>
        ) : items.length === 0 ? (
          <EmptyState
            icon={<SearchIcon size={44} />}
            title={strings.emptyResults}
            description={strings.emptyNext}
            action={
              // With an area chosen the footer's 'post my voice' is the next step; otherwise find a theme.
              canPost ? undefined : <Button onClick={() => navigate('/search?flow=start')}>{strings.findTheme}</Button>
            }
          />
        ) : (
          <ul className="tp-list" aria-label={strings.listLabel} ref={listRef} style={{ overflowAnchor: 'none' }}>
            {items.map((t) => (
              <TopicRow key={t.id} topic={t} owner={t.by_theme_maker} onOpen={onOpen} onExpire={onExpire} />
            ))}
          </ul>
        )}
        <div ref={sentinel} aria-hidden="true" />
        {feed.loadingMore ? <LoadingMore /> : null}
      </main>

      {canPost ? (
        <div className="tp-footer">
          <Button block onClick={() => void startPost()} disabled={loading || !online}>
            {strings.postMyVoice}
          </Button>
          {/* Offline, the shell's banner says so in the spec's words; a note here said it twice. */}
        </div>
      ) : (
        <div className="tp-footer-spacer" />
      )}

      {sheet === 'category' ? (
        <ChoiceSheet
          title={strings.category}
          // The way back to every category (walk #8); the server reads 0 as none chosen.
          options={[
            { value: ALL_CATEGORIES, label: strings.allCategories },
            ...categories.map((c) => ({ value: c.id, label: c.name })),
          ]}
          value={filter?.category_id ?? ALL_CATEGORIES}
          onChoose={chooseCategory}
          onClose={() => setSheet(null)}
        />
      ) : null}
      {sheet === 'subCategory' ? (
        <ChoiceSheet
          title={strings.subCategory}
          options={subs.map((s) => ({
            value: s.id,
            label: s.has_password && !s.is_unlocked ? `${s.name}（${strings.locked}）` : s.name,
          }))}
          value={filter?.sub_category_id ?? null}
          onChoose={(id) => {
            const s = subs.find((x) => x.id === id);
            if (s) chooseSub(s);
          }}
          onClose={() => setSheet(null)}
        />
      ) : null}
      {sheet === 'area' ? (
        <ChoiceSheet
          title={strings.area}
          options={areas.map((a) => ({ value: a.id, label: a.name }))}
          value={filter?.area_id ?? TOPIC_LIMITS.allAreasId}
          onChoose={chooseArea}
          onClose={() => setSheet(null)}
        />
      ) : null}
      {gate ? (
        <PasswordGate
          subCategory={gate}
          onClose={() => setGate(null)}
          onUnlocked={(s) => void save({ category_id: s.category_id, sub_category_id: s.id })}
        />
      ) : null}
      {creating && thread && sub && me ? (
        <CreateVoice
          thread={thread}
          subCategory={sub}
          profile={me}
          onClose={() => setCreating(false)}
          onPosted={() => {
            setCreating(false);
            window.scrollTo(0, 0);
            navigate('/', { replace: true });
            void feed.reload();
          }}
        />
      ) : null}
      {open ? (
        <TopicDetail
          topic={open}
          onClose={() => setOpen(null)}
          onExpired={onDetailExpired}
          onClicked={onClicked}
          onHearted={onHearted}
        />
      ) : null}
    </div>
  );
}

/** One of the three choices above the list (category, sub-category, area): a button opening its sheet. */
function Selector({
  label,
  value,
  onClick,
  disabled,
}: {
  label: string;
  value: string | undefined;
  onClick: () => void;
  disabled: boolean;
}) {
  return (
    <button type="button" className="tp-selector" aria-haspopup="dialog" onClick={onClick} disabled={disabled}>
      <span className="tp-selector__label">{label}</span>
      <span className="tp-selector__value">{value ?? strings.notChosen}</span>
    </button>
  );
}
