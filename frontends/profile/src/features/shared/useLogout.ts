import { useState } from 'react';
import { useLocation } from 'wouter';

import { getApi } from '@honne/api-client';

/** POST /logout, then /login. The local session ends even when the call fails (e.g. offline). */
export function useLogout() {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const logout = async () => {
    setBusy(true);
    try {
      await getApi().accounts.logout();
    } catch {
      // Nothing to tell: the session is cleared locally either way.
    } finally {
      setBusy(false);
      navigate('/login', { replace: true });
    }
  };
  return { logout, busy };
}
