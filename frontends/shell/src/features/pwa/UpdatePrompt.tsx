import { useEffect, useState } from 'react';

import { Button } from '@honne/ui';

import { strings } from '../../strings.ts';

import { applyUpdate, onUpdateWaiting } from './service-worker.ts';

/**
 * 新しいバージョンがあります: shown when a new version of the app has installed in the background.
 * 更新する reloads into it now; あとで hides the card and the new version starts next time.
 * Not modal, at the top of the screen: nothing the user is doing is covered or interrupted, and
 * screen readers hear it once.
 */
export function UpdatePrompt() {
  const [ready, setReady] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => onUpdateWaiting((worker) => setReady(worker !== null)), []);
  if (!ready || dismissed) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      aria-labelledby="hn-update-title"
      style={{
        position: 'fixed',
        left: 'var(--hn-space-3)',
        right: 'var(--hn-space-3)',
        // At the top: the bottom holds each screen's main button, the chat input and the navigation.
        top: 'calc(var(--hn-space-3) + env(safe-area-inset-top))',
        maxWidth: 456,
        margin: '0 auto',
        zIndex: 60,
        padding: 'var(--hn-space-4)',
        borderRadius: 'var(--hn-radius-lg)',
        background: 'var(--hn-color-surface)',
        boxShadow: 'var(--hn-shadow-card)',
        border: '1px solid var(--hn-color-border)',
        display: 'flex',
        flexDirection: 'column',
        gap: 'var(--hn-space-3)',
      }}
    >
      <div>
        <p id="hn-update-title" style={{ margin: 0, fontWeight: 700 }}>
          {strings.updateAvailable}
        </p>
        <p style={{ margin: 0, color: 'var(--hn-color-text-muted)', fontSize: 'var(--hn-font-size-small)' }}>
          {strings.updateBody}
        </p>
      </div>
      <div style={{ display: 'flex', gap: 'var(--hn-space-2)', justifyContent: 'flex-end' }}>
        <Button variant="text" onClick={() => setDismissed(true)}>
          {strings.updateLater}
        </Button>
        <Button onClick={applyUpdate}>{strings.updateNow}</Button>
      </div>
    </div>
  );
}
