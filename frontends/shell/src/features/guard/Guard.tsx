import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

import { STORAGE_KEYS, getApi } from '@honne/api-client';

import { useSession } from '../session/useSession.ts';

import { guardRedirect } from './guard.ts';

export function Guard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const session = useSession();
  const signedIn = session !== null;

  // Spec §2: when logged out, stored registration and avatar info are cleared.
  useEffect(() => {
    if (signedIn) return;
    const { storage } = getApi().client;
    storage.removeItem(STORAGE_KEYS.registrationInfo);
    storage.removeItem(STORAGE_KEYS.avatarInfo);
  }, [signedIn]);

  const target = guardRedirect(pathname, session, getApi().client.session.endedBy);
  if (target && target !== pathname) return <Navigate to={target} replace />;
  return children;
}
