import type { Topic, TopicListQuery } from '@honne/contracts/topics';
import { useCallback, useEffect, useRef, useState } from 'react';

import { T, client, useFail } from '../../data/api.ts';
import { appendPage, emptyPaged, placeItem, prependItem, removeItem, type Paged } from '../../lib/pages.ts';

import { useTopicEvents } from './useTopicEvents.ts';

export interface TopicFeedOptions {
  channel: string | null;
  /** Whether a real-time voice belongs in this list (the server filtered the pages). */
  accepts: (topic: Topic) => boolean;
  /** Just before new rows go in at the top (the list keeps its scroll position). */
  beforeInsert?: () => void;
  onInserted?: (count: number) => void;
  onRemoved?: () => void;
}

/**
 * A live list of voices from GET /topics: pages of 30 by `last_doc_id` until an empty page, new
 * voices inserted at the top as they are posted, voices removed when they expire or moderation
 * hides them, and put back in their place when it shows them again.
 */
export function useTopicFeed(query: TopicListQuery | null, options: TopicFeedOptions) {
  const fail = useFail();
  const [state, setState] = useState<Paged<Topic>>(emptyPaged);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const request = useRef(0);
  const stateRef = useRef(state);
  stateRef.current = state;
  const opts = useRef(options);
  opts.current = options;
  const key = query ? JSON.stringify(query) : null;

  const reload = useCallback(async () => {
    if (!key) return;
    const id = ++request.current;
    setLoading(true);
    try {
      const r = await client().call(T.topics, { query: JSON.parse(key) as TopicListQuery });
      if (id === request.current) setState(appendPage(emptyPaged<Topic>(), r.data, r.last_doc_id));
    } catch (e) {
      if (id === request.current) {
        setState({ ...emptyPaged<Topic>(), done: true });
        fail(e);
      }
    } finally {
      if (id === request.current) setLoading(false);
    }
  }, [key, fail]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const loadMore = useCallback(async () => {
    const s = stateRef.current;
    if (!key || s.done || loadingMore || loading || !s.cursor) return;
    const id = request.current;
    setLoadingMore(true);
    try {
      const r = await client().call(T.topics, {
        query: { ...(JSON.parse(key) as TopicListQuery), last_doc_id: s.cursor },
      });
      if (id === request.current) setState((cur) => appendPage(cur, r.data, r.last_doc_id));
    } catch (e) {
      fail(e);
    } finally {
      setLoadingMore(false);
    }
  }, [key, loading, loadingMore, fail]);

  const insert = useCallback((topics: Topic[]) => {
    const fresh = topics.filter((t) => !stateRef.current.items.some((i) => i.id === t.id));
    if (fresh.length === 0) return;
    opts.current.beforeInsert?.();
    setState((cur) => fresh.reduceRight((s, t) => prependItem(s, t), cur));
    opts.current.onInserted?.(fresh.length);
  }, []);

  const remove = useCallback((id: string) => {
    if (!stateRef.current.items.some((i) => i.id === id)) return;
    setState((cur) => removeItem(cur, id));
    opts.current.onRemoved?.();
  }, []);

  useTopicEvents(options.channel, {
    created: (t) => {
      if (opts.current.accepts(t)) insert([t]);
    },
    removed: remove,
    shown: (t) => {
      if (opts.current.accepts(t)) setState((cur) => placeItem(cur, t));
    },
    resync: () => {
      if (!key) return;
      // Fallback when channel events are missing: new voices of the first page go in on top.
      client()
        .call(T.topics, { query: JSON.parse(key) as TopicListQuery })
        .then((r) => {
          const newest = stateRef.current.items[0];
          const cut = newest ? r.data.findIndex((t) => t.id === newest.id) : -1;
          const fresh =
            cut >= 0 ? r.data.slice(0, cut) : newest ? r.data.filter((t) => t.created_at > newest.created_at) : r.data;
          insert(fresh);
        })
        .catch(() => undefined);
    },
  });

  return { state, setState, loading, loadingMore, loadMore, reload, remove };
}
