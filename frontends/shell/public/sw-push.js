/* honne's web push, in the service worker (issue 14). Loaded by /sw.js with importScripts('/sw-push.js').
 *
 * A push carries the JSON of PushPayload (packages/contracts/src/push.ts): { kind, title, body, tag,
 * url, room_id, call_id?, at }. The server already left out what must not show (an anonymous sender's
 * name, an anonymous room's text); this file shows what it got and opens `url` on a tap. A `call_end`
 * comes once a call stops ringing (answered, declined, cancelled, unanswered): the call's
 * notification (same tag) is closed and nothing is shown.
 */
/* global self */
'use strict';

/** An incoming call's notification stays until acted on and vibrates like a ring; a message's is quiet. */
const CALL_VIBRATION = [400, 200, 400, 200, 400];

self.addEventListener('push', (event) => {
  let payload = null;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    payload = null;
  }
  if (payload && payload.kind === 'call_end' && typeof payload.tag === 'string') {
    event.waitUntil(
      self.registration
        .getNotifications({ tag: payload.tag })
        .then((shown) => shown.forEach((notification) => notification.close())),
    );
    return;
  }
  if (!payload || typeof payload.title !== 'string') return;
  const isCall = payload.kind === 'call';
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      tag: payload.tag,
      renotify: true,
      requireInteraction: isCall,
      vibrate: isCall ? CALL_VIBRATION : undefined,
      icon: '/favicon.ico',
      lang: 'ja',
      timestamp: Date.parse(payload.at) || Date.now(),
      data: { url: payload.url, kind: payload.kind, room_id: payload.room_id, call_id: payload.call_id },
    }),
  );
});

/**
 * A tap opens the app where the push points (the room; for a call, the app's call overlay reads the
 * ringing call from GET /calls/current as it starts): an open window of the app is focused and sent
 * there, otherwise a new one opens. Only same-origin paths are followed.
 */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const raw = event.notification.data && event.notification.data.url;
  const target = new URL(
    typeof raw === 'string' && raw.startsWith('/') && !raw.startsWith('//') ? raw : '/',
    self.location.origin,
  );
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === target.origin);
      if (open) {
        // navigate() works only on a window this worker controls; otherwise a new window it is.
        return open
          .focus()
          .then((w) => w.navigate(target.href))
          .catch(() => self.clients.openWindow(target.href));
      }
      return self.clients.openWindow(target.href);
    }),
  );
});
