import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

import { messages } from '@honne/contracts/messages';
import { STORAGE_KEYS, createRealtimeClient, getApi } from '@honne/api-client';
import { usePopup } from '@honne/ui';

import { isIncomingMessage, messageSoundOn, playArrivalChime } from './arrival-sound.ts';
import { useSession } from './useSession.ts';

/**
 * What the shell does for the session as a whole: the single 401 handler, the forced-logout
 * popup, token refresh, one real-time socket per signed-in tab, and other tabs' logins/logouts.
 */
export function SessionEffects() {
  const [, navigate] = useLocation();
  const popup = usePopup();
  const session = useSession();
  const api = getApi();
  const endingRef = useRef(false);
  const endSessionRef = useRef<(otherDevice?: boolean) => void>(() => undefined);

  // Spec §4: a 401 logs the user out, closes popups and modals, clears stored user info, → /login.
  // When the socket says another device signed in, the popup says so before the spec's text (walk #26).
  useEffect(() => {
    const endSession = (otherDevice = false) => {
      if (endingRef.current) return;
      endingRef.current = true;
      if (api.client.session.get()) api.client.session.clear('forced_logout');
      popup.closeAll();
      navigate('/login', { replace: true });
      const message = otherDevice ? `${messages.otherDeviceLogout}\n${messages.forcedLogout}` : messages.forcedLogout;
      void popup.alert(message).finally(() => {
        endingRef.current = false;
      });
    };
    endSessionRef.current = endSession;
    api.client.setUnauthorizedHandler(() => endSession());
    return () => api.client.setUnauthorizedHandler(undefined);
  }, [api, navigate, popup]);

  // Token refresh shortly before expires_in runs out.
  useEffect(() => api.client.startAutoRefresh(), [api]);

  // Another tab logged in or out.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === STORAGE_KEYS.userInfo) api.client.session.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [api]);

  // Spec §4's old client unregistered any service worker on start. Ours is new and is kept
  // (features/pwa/service-worker.ts, docs/adr/0011-installable-app.md).

  // One real-time socket while signed in; a different device's login ends this session.
  const userId = session?.user_id ?? null;

  // The message-arrival sound of /settings: a chime when someone else's message arrives, on any screen.
  useEffect(
    () =>
      api.realtime.subscribe((event) => {
        if (isIncomingMessage(event) && messageSoundOn(api.client.storage)) playArrivalChime();
      }),
    [api],
  );

  // Spec: server time syncs every 30 s; countdowns read api.clock, not the phone's clock.
  useEffect(() => (userId ? api.clock.start() : undefined), [api, userId]);

  useEffect(() => {
    if (!userId) return;
    const realtime = createRealtimeClient({
      getToken: () => api.client.session.token,
      onEvent: (event) => api.realtime.emit(event),
      onForcedLogout: () => endSessionRef.current(true),
      onUnauthorized: () => endSessionRef.current(),
      onStatus: (status) => api.realtime.setStatus(status),
    });
    // Screens ask the hub for channels (live voice lists); the hub sends them on this socket.
    api.realtime.attach(realtime);
    realtime.start();
    const online = () => realtime.reconnectNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      api.realtime.attach(null);
      realtime.stop();
    };
  }, [api, userId]);

  return null;
}
