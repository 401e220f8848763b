import type { MouseEvent, ReactNode } from 'react';

import { uiStrings } from '../strings.ts';

import { BubblesIcon, ClockIcon, FriendsIcon, HomeIcon, PersonIcon } from './icons.tsx';

export type NavTabId = 'mypage' | 'search' | 'home' | 'history' | 'friendlist';

export interface NavTab {
  id: NavTabId;
  label: string;
  path: string;
  icon: (filled: boolean) => ReactNode;
}

/** The five tabs of spec accounts-profile-friends §2, in the spec's order, home in the centre. */
export const NAV_TABS: readonly NavTab[] = [
  { id: 'mypage', label: 'マイページ', path: '/mypage', icon: (f) => <PersonIcon filled={f} /> },
  { id: 'search', label: '最新投稿', path: '/search', icon: (f) => <BubblesIcon filled={f} /> },
  { id: 'home', label: 'ホーム', path: '/', icon: (f) => <HomeIcon filled={f} /> },
  { id: 'history', label: '履歴', path: '/history', icon: (f) => <ClockIcon filled={f} /> },
  { id: 'friendlist', label: 'ともだち', path: '/friendlist', icon: (f) => <FriendsIcon filled={f} /> },
];

/** Unread badge text: nothing for 0, the number up to 99, then '99+' (spec §9: 99+ from 100). */
export function formatBadge(count: number | undefined): string | null {
  if (!count || count <= 0 || !Number.isFinite(count)) return null;
  return count >= 100 ? '99+' : String(Math.floor(count));
}

/** Which tab a path belongs to ('/' only matches exactly; '/history/1/replies' is history). */
export function activeTabFor(pathname: string): NavTabId | null {
  if (pathname === '/') return 'home';
  for (const tab of NAV_TABS) {
    if (tab.path !== '/' && (pathname === tab.path || pathname.startsWith(`${tab.path}/`))) return tab.id;
  }
  if (pathname.startsWith('/search_list')) return 'search';
  return null;
}

export interface BottomNavProps {
  pathname: string;
  onNavigate: (path: string, tab: NavTabId) => void;
  badges?: Partial<Record<NavTabId, number>>;
  /** Overrides a tab's target (history goes back to the stored history path). */
  paths?: Partial<Record<NavTabId, string>>;
}

export function BottomNav({ pathname, onNavigate, badges = {}, paths = {} }: BottomNavProps) {
  const active = activeTabFor(pathname);
  return (
    <nav className="hn-nav" aria-label={uiStrings.mainNavigation}>
      {NAV_TABS.map((tab) => {
        const isActive = tab.id === active;
        const badge = formatBadge(badges[tab.id]);
        const href = paths[tab.id] ?? tab.path;
        const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
          e.preventDefault();
          onNavigate(href, tab.id);
        };
        return (
          <a
            key={tab.id}
            href={href}
            className={`hn-nav__tab hn-nav__tab--${tab.id}`}
            aria-current={isActive ? 'page' : undefined}
            onClick={onClick}
          >
            <span className="hn-nav__icon">
              {tab.icon(isActive)}
              {badge ? (
                <span className="hn-badge" aria-hidden="true">
                  {badge}
                </span>
              ) : null}
            </span>
            <span>{tab.label}</span>
            {badge ? <span className="hn-visually-hidden">{`${badge}${uiStrings.unreadSuffix}`}</span> : null}
          </a>
        );
      })}
    </nav>
  );
}
