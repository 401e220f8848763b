import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';

import { STORAGE_KEYS, getApi } from '@honne/api-client';
import { BottomNav, type NavTabId } from '@honne/ui';

/** Spec §9 tab indexes (search 1, home 2, history 3, friends 4); my page is 0. */
const TAB_INDEX: Record<NavTabId, number> = { mypage: 0, search: 1, home: 2, history: 3, friendlist: 4 };

/** The signed-in screens: the page, then the five-tab bottom navigation. */
export function MainLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [unread, setUnread] = useState(0);
  // The friends tab carries the total unread chat count (99+ from 100), live from the socket.
  useEffect(() => getApi().unread.subscribe((s) => setUnread(s.total)), []);
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
        <Outlet />
      </div>
      <BottomNav
        pathname={pathname}
        badges={{ friendlist: unread }}
        onNavigate={(path, tab) => {
          getApi().client.storage.setItem(STORAGE_KEYS.tabIndex, String(TAB_INDEX[tab]));
          navigate(path);
        }}
      />
    </>
  );
}
