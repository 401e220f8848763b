import { useState } from 'react';
import { useLocation } from 'wouter';

import { STORAGE_KEYS, getApi } from '@honne/api-client';
import { Button, Header } from '@honne/ui';

import { strings } from '../../strings.ts';

import { ILLUSTRATIONS } from './illustrations.tsx';

/** Four pages with dots (spec §2); 'つぎへ' moves on, the last page's はじめる (the spec's '行われ', see docs/strings.md) and スキップ go to /signup. */
export default function Tutorial() {
  const [, navigate] = useLocation();
  const [index, setIndex] = useState(0);
  const pages = strings.tutorialPages;
  const page = pages[index]!;
  const Illustration = ILLUSTRATIONS[index]!;
  const isLast = index === pages.length - 1;

  const finish = () => {
    getApi().client.storage.setItem(STORAGE_KEYS.tutorial, '1');
    navigate('/signup');
  };

  return (
    <>
      <Header
        title={strings.tutorialTitle}
        onBack={() => (index > 0 ? setIndex(index - 1) : navigate('/splash'))}
        right={
          <button
            type="button"
            className="hn-button hn-button--text"
            style={{ padding: 0, minWidth: 44 }}
            onClick={finish}
          >
            {strings.skip}
          </button>
        }
      />
      <main className="hn-page" style={{ textAlign: 'center', alignItems: 'center' }}>
        <section
          aria-live="polite"
          aria-label={strings.tutorialPage(index + 1, pages.length)}
          style={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: 'var(--hn-space-4)',
            flex: 1,
            justifyContent: 'center',
          }}
        >
          <Illustration />
          <h2 className="hn-title">{page.title}</h2>
          <p style={{ margin: 0, maxWidth: 320 }}>{page.body}</p>
        </section>
        <ol
          aria-label={strings.tutorialTitle}
          style={{ display: 'flex', gap: 10, listStyle: 'none', padding: 0, margin: 0 }}
        >
          {pages.map((p, i) => (
            <li key={p.title}>
              <button
                type="button"
                aria-label={strings.tutorialPage(i + 1, pages.length)}
                aria-current={i === index ? 'step' : undefined}
                onClick={() => setIndex(i)}
                style={{
                  width: 28,
                  height: 28,
                  border: 0,
                  background: 'transparent',
                  padding: 0,
                  cursor: 'pointer',
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                }}
              >
                <span
                  style={{
                    width: i === index ? 22 : 10,
                    height: 10,
                    borderRadius: 5,
                    background: i === index ? 'var(--hn-color-primary)' : 'var(--hn-color-border-strong)',
                    transition: 'width var(--hn-motion-normal)',
                  }}
                />
              </button>
            </li>
          ))}
        </ol>
        <Button block onClick={() => (isLast ? finish() : setIndex(index + 1))}>
          {isLast ? strings.last : strings.next}
        </Button>
      </main>
    </>
  );
}
