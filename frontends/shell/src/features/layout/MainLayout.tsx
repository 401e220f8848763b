import { Outlet, useLocation, useNavigate } from 'react-router';

import { STORAGE_KEYS, getApi } from '@honne/api-client';
import { BottomNav, type NavTabId } from '@honne/ui';

/** Spec §9 tab indexes (search 1, home 2, history 3, friends 4); my page is 0. */
const TAB_INDEX: Record<NavTabId, number> = { mypage: 0, search: 1, home: 2, history: 3, friendlist: 4 };

/** The signed-in screens: the page, then the five-tab bottom navigation. */
export function MainLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
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
        onNavigate={(path, tab) => {
          getApi().client.storage.setItem(STORAGE_KEYS.tabIndex, String(TAB_INDEX[tab]));
          navigate(path);
        }}
      />
    </>
  );
}
