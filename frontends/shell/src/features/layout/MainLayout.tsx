import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';

import { STORAGE_KEYS, friendUnread, getApi, voiceUnread } from '@honne/api-client';
import { BottomNav, type NavTabId } from '@honne/ui';

/** Spec §9 tab indexes (search 1, home 2, history 3, friends 4); my page is 0. */
const TAB_INDEX: Record<NavTabId, number> = { mypage: 0, search: 1, home: 2, history: 3, friendlist: 4 };

/** The signed-in screens: the page, then the five-tab bottom navigation. */
export function MainLayout({ children }: { children: ReactNode }) {
  const [pathname, navigate] = useLocation();
  const [unread, setUnread] = useState({ friends: 0, voices: 0 });
  // Each unread count sits on the tab that leads to it (99+ from 100), live from the socket: friend
  // rooms on the friends tab (the friend list), rooms on voices on the history tab (its rows).
  useEffect(
    () => getApi().unread.subscribe((s) => setUnread({ friends: friendUnread(s), voices: voiceUnread(s) })),
    [],
  );
  return (
    <>
      <div
        style={{
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          paddingBottom: 'calc(var(--hn-size-nav) + env(safe-area-inset-bottom))',
        }}
      >
        {children}
      </div>
      <BottomNav
        pathname={pathname}
        badges={{ friendlist: unread.friends, history: unread.voices }}
        onNavigate={(path, tab) => {
          getApi().client.storage.setItem(STORAGE_KEYS.tabIndex, String(TAB_INDEX[tab]));
          // A new history entry with state of its own, even on the tab already open: that screen
          // reloads from the start (chat FriendList).
          navigate(path, { state: { tab } });
        }}
      />
    </>
  );
}
