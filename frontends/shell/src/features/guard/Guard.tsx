import { useEffect, type ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';

import { STORAGE_KEYS, getApi } from '@honne/api-client';

import { useSession } from '../session/useSession.ts';

import { guardRedirect } from './guard.ts';

export function Guard({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
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
  // Keyed by target: a Redirect navigates once, when it mounts.
  if (target && target !== pathname) return <Redirect key={target} to={target} replace />;
  return children;
}
