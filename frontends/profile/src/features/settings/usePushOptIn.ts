import { useCallback, useEffect, useState } from 'react';

import { getApi } from '@honne/api-client';
import { pushEndpoints, type PushState } from '@honne/contracts/push';

import { strings } from '../../strings.ts';

export type PushStatus = 'loading' | 'unsupported' | 'off' | 'on';

/** The shell's service worker (its push listeners come from /sw-push.js). */
const SW_URL = '/sw.js';

const supported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The VAPID key as PushManager wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(b64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * This device's web push opt-in (/settings): the browser's subscription and the server's record of it
 * move together. Turning it on asks for notification permission, registers the service worker,
 * subscribes with the server's VAPID key and hands the subscription to accounts; off undoes both.
 */
export function usePushOptIn(report: (e: unknown) => void) {
  const { call } = getApi().client;
  const [state, setState] = useState<PushState | null>(null);
  const [status, setStatus] = useState<PushStatus>('loading');
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let alive = true;
    if (!supported()) {
      setStatus('unsupported');
      setNotice(strings.push.unsupported);
      return;
    }
    call(pushEndpoints.getPush)
      .then(({ data }) => {
        if (!alive) return;
        setState(data);
        if (!data.public_key) {
          setStatus('unsupported');
          setNotice(strings.push.unsupported);
        } else setStatus(data.subscribed ? 'on' : 'off');
      })
      .catch((e: unknown) => alive && report(e));
    return () => {
      alive = false;
    };
  }, [call, report]);

  const subscribe = useCallback(
    async (showText: boolean) => {
      if (!state?.public_key) return;
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setNotice(strings.push.denied);
        return;
      }
      // The shell registers /sw.js at start (the installable app); the same options here, so a
      // registration made first from this screen is the same one.
      await navigator.serviceWorker.register(SW_URL, { scope: '/', updateViaCache: 'none' });
      const registration = await navigator.serviceWorker.ready;
      const existing = await registration.pushManager.getSubscription();
      const sub =
        existing ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(state.public_key),
        }));
      const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
      const { data } = await call(pushEndpoints.putSubscription, {
        body: { endpoint: json.endpoint, keys: json.keys, show_text: showText },
      });
      setState(data);
      setStatus('on');
      setNotice(null);
    },
    [call, state],
  );

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (e) {
      // The browser's own failures (no push service reachable) get our words; the server's its own.
      if (e instanceof DOMException) setNotice(strings.push.failed);
      else report(e);
    } finally {
      setBusy(false);
    }
  };

  const setEnabled = (on: boolean) =>
    run(async () => {
      if (on) return subscribe(true);
      const registration = await navigator.serviceWorker.getRegistration(SW_URL);
      await (await registration?.pushManager.getSubscription())?.unsubscribe();
      const { data } = await call(pushEndpoints.deleteSubscription);
      setState(data);
      setStatus('off');
    });

  const setShowText = (on: boolean) => run(() => subscribe(on));

  return { status, showText: state?.show_text ?? false, notice, busy, setEnabled, setShowText };
}
