import { useCallback } from 'react';
import { useLocation } from 'wouter';

import { ensureTopicsStyles } from '../../styles.ts';

import { ThemeSearch } from './ThemeSearch.tsx';

ensureTopicsStyles();

/**
 * /search_list (spec: "search list, contents not shown"): the theme search list on a route of its
 * own — categories, sub-categories and the themes of the saved area, as /search?flow=1 shows
 * them — so a link or a reload lands on the list itself. Leaving it goes back to 最新投稿.
 */
export default function SearchList() {
  const [, navigate] = useLocation();
  const exit = useCallback(() => navigate('/search'), [navigate]);
  return <ThemeSearch onExit={exit} />;
}
