import { useEffect } from 'react';

import { nearBottom } from './pages.ts';

/**
 * A paged list on the window's scroll: the first page whenever `load` changes (a new tab, a new
 * topic), the next one within 50 px of the bottom.
 */
export function usePagedList(load: (more: boolean) => Promise<void>) {
  useEffect(() => {
    void load(false);
  }, [load]);

  useEffect(() => {
    const onScroll = () => {
      const el = document.scrollingElement ?? document.documentElement;
      if (nearBottom(el.scrollTop, el.clientHeight, el.scrollHeight)) void load(true);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [load]);
}
