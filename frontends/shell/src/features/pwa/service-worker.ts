/**
 * Registers `/sw.js` (built by @honne/frontend-build's PwaPlugin) and tells listeners when a new
 * version has installed and is waiting. A waiting version takes over when the user accepts the
 * prompt (it is told to skip waiting and every open tab reloads into it) or by itself at the next start,
 * once no tab runs the old one. The spec's old client unregistered its service worker on start;
 * this one is new and is kept (docs/adr/0011-installable-app.md).
 */
type Listener = (waiting: ServiceWorker | null) => void;

let waiting: ServiceWorker | null = null;
const listeners = new Set<Listener>();

function setWaiting(worker: ServiceWorker | null) {
  waiting = worker;
  for (const listener of listeners) listener(worker);
}

export function onUpdateWaiting(listener: Listener): () => void {
  listeners.add(listener);
  listener(waiting);
  return () => listeners.delete(listener);
}

/**
 * The prompt's button: the waiting version activates now, and every tab of the app reloads into it
 * (see `reloadWhenReplaced`), not only the one where it was pressed.
 */
export function applyUpdate(): void {
  const worker = waiting;
  if (!worker || !('serviceWorker' in navigator)) return;
  worker.postMessage({ type: 'SKIP_WAITING' });
}

/**
 * A tab whose worker is replaced by a new version (更新する in this tab or in another) reloads into
 * it once: the new worker removes the old version's files, which a tab still running it may need.
 * The very first worker taking over a page replaces nothing, so that page stays as it is.
 */
function reloadWhenReplaced() {
  let current = navigator.serviceWorker.controller;
  let reloaded = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    const replaced = current !== null;
    current = navigator.serviceWorker.controller;
    if (!replaced || reloaded) return;
    reloaded = true;
    window.location.reload();
  });
}

function watch(registration: ServiceWorkerRegistration) {
  // Only an update waits: the very first install has no page it could replace.
  if (registration.waiting && navigator.serviceWorker.controller) setWaiting(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) setWaiting(installing);
    });
  });
}

/**
 * The first visit fetched the remotes before the worker existed: it is told which files, so the
 * next start opens them from its cache too (they come from the HTTP cache, not the network).
 */
function keepWhatThisPageLoaded(registration: ServiceWorkerRegistration) {
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => new URL(url).pathname.startsWith('/remotes/'));
  registration.active?.postMessage({ type: 'CACHE_URLS', urls });
}

/** After the page has loaded, so installing never competes with the first screen for the network. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  reloadWhenReplaced();
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js', { scope: '/', updateViaCache: 'none' })
      .then((registration: ServiceWorkerRegistration | undefined) => {
        // undefined only where registration is stubbed out (browser automation that blocks workers).
        if (!registration) return;
        watch(registration);
        return navigator.serviceWorker.ready.then(keepWhatThisPageLoaded);
      })
      .catch((error: unknown) => console.warn('service worker not registered', error));
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
