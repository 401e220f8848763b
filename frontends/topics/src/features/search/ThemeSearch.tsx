import { isApiError } from '@honne/api-client';
import { messages } from '@honne/contracts/messages';
import type { Named } from '@honne/contracts/profile';
import {
  TOPIC_LIMITS,
  isPostableArea,
  type Category,
  type FilterBody,
  type FilterHistory,
  type SubCategory,
  type Thread,
} from '@honne/contracts/topics';
import { Button, EmptyState, Header, TextField, usePopup } from '@honne/ui';
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';

import { T, client, reference, useFail } from '../../data/api.ts';
import { strings } from '../../strings.ts';
import { LockIcon, SearchIcon } from '../shared/icons.tsx';
import { PasswordGate } from '../shared/PasswordGate.tsx';

/** The seven views of spec §2, by their spec names. */
export type FlowView =
  | 'welcome_search_view'
  | 'select_area_view'
  | 'select_category_view'
  | 'select_sub_category_view'
  | 'create_thread_view'
  | 'create_thread_success_view'
  | 'show_thread_view';

const HEADERS: Record<FlowView, string> = {
  welcome_search_view: strings.flowHeaders.welcome,
  select_area_view: strings.flowHeaders.area,
  select_category_view: strings.flowHeaders.category,
  select_sub_category_view: strings.flowHeaders.subCategory,
  create_thread_view: strings.flowHeaders.create,
  create_thread_success_view: strings.flowHeaders.success,
  show_thread_view: strings.flowHeaders.threads,
};

/** Spec §2: a back button everywhere except the welcome and area views. */
export const hasBack = (view: FlowView) => view !== 'welcome_search_view' && view !== 'select_area_view';

/**
 * Spec §4: the first-search flag decides the start — unset or true: the welcome view, then
 * categories; otherwise the theme list when area and sub-category are known, else categories.
 */
export function startView(f: Pick<FilterHistory, 'is_first_search' | 'area_id' | 'sub_category_id'>): FlowView {
  if (f.is_first_search) return 'welcome_search_view';
  if (isPostableArea(f.area_id) && f.sub_category_id) return 'show_thread_view';
  return 'select_category_view';
}

/** The theme search flow on /search (spec §2, §4): area → category → sub-category → theme. */
export function ThemeSearch({ onExit }: { onExit: () => void }) {
  const [, navigate] = useLocation();
  const popup = usePopup();
  const fail = useFail();
  const [stack, setStack] = useState<FlowView[]>([]);
  const [filter, setFilter] = useState<FilterHistory | null>(null);
  const [categories, setCategories] = useState<Category[]>([]);
  const [subs, setSubs] = useState<SubCategory[]>([]);
  const [areas, setAreas] = useState<Named[]>([]);
  const [threads, setThreads] = useState<Thread[] | null>(null);
  const [gate, setGate] = useState<SubCategory | null>(null);
  const [created, setCreated] = useState<Thread | null>(null);
  const [busy, setBusy] = useState(false);
  const view = stack[stack.length - 1] ?? null;

  const push = (v: FlowView) => setStack((s) => [...s, v]);
  const replace = (v: FlowView) => setStack((s) => [...s.slice(0, -1), v]);
  const back = () => (stack.length <= 1 ? onExit() : setStack((s) => s.slice(0, -1)));

  useEffect(() => {
    let alive = true;
    Promise.all([client().call(T.getFilter), reference.categories(), reference.areas()])
      .then(async ([f, cats, ars]) => {
        if (!alive) return;
        setFilter(f.data);
        setCategories(cats);
        setAreas(ars.filter((a) => a.id !== TOPIC_LIMITS.allAreasId));
        if (f.data.category_id) setSubs(await reference.subCategories(f.data.category_id));
        setStack([startView(f.data)]);
      })
      .catch((e: unknown) => {
        fail(e);
        onExit();
      });
    return () => {
      alive = false;
    };
  }, [fail, onExit]);

  const save = async (body: FilterBody) => {
    const next = await saveFilter(body);
    setFilter(next);
    return next;
  };

  /** The theme is chosen: remember it (and that the first search is over), then everyone's voices. */
  const finish = useCallback(
    async (threadId: string, post = false) => {
      await client().call(T.saveFilter, { body: { latest_joined_thread: threadId } });
      await client().call(T.firstSearch, { body: { is_first_search: false } });
      navigate(post ? '/?post=1' : '/');
    },
    [navigate],
  );

  /** A sub-category with an area: the newest theme there, or a default-named one made now. */
  const join = async (f: FilterHistory, post = false) => {
    const t = await client().call(T.joinThread, {
      body: { area_id: f.area_id!, category_id: f.category_id!, sub_category_id: f.sub_category_id! },
    });
    await finish(t.data.id, post);
  };

  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const chooseCategory = (c: Category) =>
    run(async () => {
      await save({ category_id: c.id });
      setSubs(await reference.subCategories(c.id));
      push('select_sub_category_view');
    });

  const chooseSub = (s: SubCategory) => {
    if (s.has_password && !s.is_unlocked) {
      setGate(s);
      return;
    }
    void run(async () => {
      const f = await save({ category_id: s.category_id, sub_category_id: s.id });
      if (isPostableArea(f.area_id)) await join(f);
      else push('select_area_view');
    });
  };

  const chooseArea = (a: Named) =>
    run(async () => {
      const f = await save({ area_id: a.id, area: a.name });
      // From the theme list (changing the area) back to the list; in the first search, straight in.
      if (stack.includes('show_thread_view')) {
        setStack((s) => s.slice(0, s.lastIndexOf('show_thread_view') + 1));
        await loadThreads(f);
      } else if (f.sub_category_id) await join(f);
      else replace('select_category_view');
    });

  const loadThreads = async (f: FilterHistory) => {
    setThreads(null);
    if (!f.category_id || !f.sub_category_id || !isPostableArea(f.area_id)) {
      setThreads([]);
      return;
    }
    const r = await client().call(T.threads, {
      query: { area_id: f.area_id!, category_id: f.category_id, sub_category_id: f.sub_category_id },
    });
    setThreads(r.data);
  };

  // The list loads when it is (re)entered, not on every filter change inside it.
  const filterRef = useRef(filter);
  filterRef.current = filter;
  const loadRef = useRef(loadThreads);
  loadRef.current = loadThreads;
  useEffect(() => {
    if (view === 'show_thread_view' && filterRef.current) loadRef.current(filterRef.current).catch(fail);
  }, [view, fail]);

  const category = categories.find((c) => c.id === filter?.category_id) ?? null;
  const sub = subs.find((s) => s.id === filter?.sub_category_id) ?? null;
  const area = areas.find((a) => a.id === filter?.area_id) ?? null;

  if (!view || !filter) {
    return (
      <div className="tp-screen">
        <Header title={strings.flowHeaders.welcome} onBack={onExit} />
        <div className="tp-flow" aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <span key={i} className="hn-skeleton" style={{ height: 56 }} />
          ))}
        </div>
      </div>
    );
  }

  return (
    <div className="tp-screen" data-view={view}>
      <Header title={HEADERS[view]} onBack={hasBack(view) ? back : undefined} />
      <div className="tp-flow" aria-busy={busy}>
        {view === 'welcome_search_view' ? (
          <>
            <EmptyState
              icon={<SearchIcon size={44} />}
              title={strings.welcomeSearchLead}
              description={strings.welcomeSearchBody}
            />
            <Button block onClick={() => push('select_category_view')}>
              {strings.start}
            </Button>
          </>
        ) : null}

        {view === 'select_category_view' ? (
          <ChoiceGrid
            label={strings.flowHeaders.category}
            items={categories}
            selected={filter.category_id}
            busy={busy}
            onChoose={(c) => void chooseCategory(c)}
          />
        ) : null}

        {view === 'select_sub_category_view' ? (
          <>
            <p className="tp-note">{category?.name}</p>
            <ChoiceGrid
              label={strings.flowHeaders.subCategory}
              items={subs}
              selected={filter.sub_category_id}
              busy={busy}
              onChoose={chooseSub}
              content={(sc) => (
                <>
                  <span>{sc.name}</span>
                  {sc.has_password && !sc.is_unlocked ? (
                    <span role="img" aria-label={strings.locked}>
                      <LockIcon />
                    </span>
                  ) : null}
                </>
              )}
            />
          </>
        ) : null}

        {view === 'select_area_view' ? (
          <>
            <p className="tp-note">{[category?.name, sub?.name].filter(Boolean).join(' / ')}</p>
            <ChoiceGrid
              label={strings.flowHeaders.area}
              items={areas}
              selected={filter.area_id}
              busy={busy}
              onChoose={(a) => void chooseArea(a)}
              className="tp-choice-grid--areas"
            />
          </>
        ) : null}

        {view === 'show_thread_view' ? (
          <>
            <p className="tp-note">{[category?.name, sub?.name, area?.name].filter(Boolean).join(' / ')}</p>
            <div className="tp-detail__actions">
              <Button variant="secondary" onClick={() => push('select_category_view')}>
                {strings.changeCategory}
              </Button>
              <Button variant="secondary" onClick={() => push('select_area_view')}>
                {strings.changeArea}
              </Button>
            </div>
            {threads === null ? (
              Array.from({ length: 3 }, (_, i) => <span key={i} className="hn-skeleton" style={{ height: 56 }} />)
            ) : threads.length === 0 ? (
              <EmptyState
                title={strings.noThemes}
                action={
                  <Button onClick={() => void run(() => join(filter))} loading={busy}>
                    {strings.joinNewest}
                  </Button>
                }
              />
            ) : (
              <ul className="tp-list" aria-label={strings.flowHeaders.threads} style={{ margin: '0 -16px' }}>
                {threads.map((t) => (
                  <li key={t.id}>
                    <button
                      type="button"
                      className={t.is_mine ? 'tp-thread tp-thread--mine' : 'tp-thread'}
                      onClick={() => void run(() => finish(t.id))}
                      aria-current={t.id === filter.latest_joined_thread ? 'true' : undefined}
                    >
                      <span className="tp-thread__name">{t.name}</span>
                      {t.is_mine ? <span className="tp-tag tp-tag--owner">{strings.myTheme}</span> : null}
                      {t.is_default ? <span className="tp-tag">{strings.defaultTheme}</span> : null}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <Button variant="secondary" block onClick={() => push('create_thread_view')}>
              {strings.createTheme}
            </Button>
            <Button
              block
              onClick={() => {
                if (!isPostableArea(filter.area_id)) return void popup.alert(messages.areaRequired);
                void run(() => join(filter, true));
              }}
            >
              {strings.postMyVoice}
            </Button>
          </>
        ) : null}

        {view === 'create_thread_view' ? (
          <CreateThread
            filter={filter}
            path={[category?.name, sub?.name, area?.name].filter(Boolean).join(' / ')}
            onCreated={(t) => {
              setCreated(t);
              setFilter((f) => (f ? { ...f, latest_joined_thread: t.id } : f));
              replace('create_thread_success_view');
            }}
          />
        ) : null}

        {view === 'create_thread_success_view' && created ? (
          <>
            <EmptyState title={strings.createdTitle} description={strings.createdBody(created.name)} />
            <Button block onClick={() => void run(() => finish(created.id))}>
              {strings.goEveryonesVoices}
            </Button>
            <Button variant="secondary" block onClick={() => replace('show_thread_view')}>
              {strings.backToThemes}
            </Button>
          </>
        ) : null}
      </div>
      {gate ? (
        <PasswordGate
          subCategory={gate}
          onClose={() => setGate(null)}
          onUnlocked={(s) => {
            setSubs((list) => list.map((x) => (x.id === s.id ? s : x)));
            chooseSub(s);
          }}
        />
      ) : null}
    </div>
  );
}

async function saveFilter(body: FilterBody) {
  return (await client().call(T.saveFilter, { body })).data;
}

function CreateThread({
  filter,
  path,
  onCreated,
}: {
  filter: FilterHistory;
  path: string;
  onCreated: (t: Thread) => void;
}) {
  const popup = usePopup();
  const fail = useFail();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!filter.category_id || !filter.sub_category_id) return void popup.alert(messages.categoryRequired);
    if (!isPostableArea(filter.area_id)) return void popup.alert(messages.areaRequired);
    setSending(true);
    try {
      const r = await client().call(T.createThread, {
        body: {
          name: name.trim(),
          area_id: filter.area_id!,
          category_id: filter.category_id,
          sub_category_id: filter.sub_category_id,
        },
      });
      onCreated(r.data);
    } catch (err) {
      if (isApiError(err) && err.kind === 'http' && err.status < 500) {
        if (err.fieldErrors.name) setError(err.fieldErrors.name);
        else void popup.alert(Object.values(err.fieldErrors)[0] ?? err.serverMessage ?? messages.unexpected);
      } else fail(err);
    } finally {
      setSending(false);
    }
  };
  return (
    <form className="tp-form" onSubmit={(e) => void submit(e)} noValidate>
      <p className="tp-note">{path}</p>
      <TextField
        label={strings.themeName}
        value={name}
        onChange={(v) => {
          setName([...v].slice(0, TOPIC_LIMITS.threadNameMax).join(''));
          setError(undefined);
        }}
        error={error}
        maxLength={TOPIC_LIMITS.threadNameMax}
      />
      <Button type="submit" block loading={sending} disabled={name.trim().length === 0}>
        {strings.create}
      </Button>
    </form>
  );
}

/** One step of the theme search: a grid of choices, the one in the filter pressed. */
function ChoiceGrid<T extends { id: number; name: string }>({
  label,
  items,
  selected,
  busy,
  onChoose,
  content = (item) => item.name,
  className,
}: {
  label: string;
  items: readonly T[];
  selected: number | null | undefined;
  busy: boolean;
  onChoose: (item: T) => void;
  content?: (item: T) => ReactNode;
  className?: string;
}) {
  return (
    <ul className={['tp-choice-grid', className].filter(Boolean).join(' ')} aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>
          <button
            type="button"
            className="tp-choice-card"
            aria-pressed={item.id === selected}
            onClick={() => onChoose(item)}
            disabled={busy}
          >
            {content(item)}
          </button>
        </li>
      ))}
    </ul>
  );
}
