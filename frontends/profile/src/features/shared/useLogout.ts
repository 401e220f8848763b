import { useState } from 'react';
import { useLocation } from 'wouter';

import { getApi } from '@honne/api-client';
import { uiStrings, usePopup } from '@honne/ui';

import { strings } from '../../strings.ts';

/**
 * Asks first (walk #54), then POST /logout and /login. The local session ends even when the call
 * fails (e.g. offline).
 */
export function useLogout() {
  const [, navigate] = useLocation();
  const popup = usePopup();
  const [busy, setBusy] = useState(false);
  const logout = async () => {
    if (
      !(await popup.confirm({
        message: strings.logoutConfirm,
        confirmLabel: strings.logout,
        cancelLabel: uiStrings.cancel,
      }))
    )
      return;
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
