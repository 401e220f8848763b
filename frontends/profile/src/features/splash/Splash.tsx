import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';

import { STORAGE_KEYS, getApi, prefetchReference } from '@honne/api-client';
import { Button, Logo } from '@honne/ui';

import { strings } from '../../strings.ts';

/** How long the splash stays before moving to /login by itself (spec §2). */
export const SPLASH_REDIRECT_MS = 4000;

export default function Splash() {
  const [, navigate] = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Spec §2: the splash loads sub-categories, categories and areas if not yet loaded. A failure
  // is not the splash's to report: the screens that need the data load it again.
  useEffect(() => {
    prefetchReference(getApi().client).catch(() => undefined);
  }, []);

  // Spec §2 moves on to /login by itself. Someone who has never seen the tutorial stays until they
  // choose, so 「はじめての方へ」 does not vanish before a first-time reader can tap it (walk #31).
  useEffect(() => {
    if (!getApi().client.storage.getItem(STORAGE_KEYS.tutorial)) return;
    timer.current = setTimeout(() => navigate('/login', { replace: true }), SPLASH_REDIRECT_MS);
    return () => clearTimeout(timer.current);
  }, [navigate]);

  // Someone who starts interacting is not pulled away mid-action (timing must be adjustable).
  const hold = () => clearTimeout(timer.current);

  return (
    <main
      className="hn-page"
      onPointerDown={hold}
      onKeyDown={hold}
      style={{
        justifyContent: 'center',
        alignItems: 'center',
        textAlign: 'center',
        gap: 'var(--hn-space-8)',
        background: 'linear-gradient(180deg, var(--hn-color-bg) 0%, var(--hn-color-primary-soft) 100%)',
      }}
    >
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 'var(--hn-space-5)',
          marginTop: 'auto',
        }}
      >
        <Logo size={112} wordmark />
        <h1 style={{ margin: 0, fontSize: 'var(--hn-font-size-heading)', fontWeight: 700, letterSpacing: '0.04em' }}>
          {strings.tagline}
        </h1>
      </div>
      <div
        style={{
          width: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 'var(--hn-space-3)',
          marginTop: 'auto',
        }}
      >
        <Button block onClick={() => navigate('/login')}>
          {strings.start}
        </Button>
        <Link to="/tutorial" onClick={hold} style={{ minHeight: 44, display: 'inline-flex', alignItems: 'center' }}>
          {strings.tutorialLink}
        </Link>
      </div>
    </main>
  );
}
