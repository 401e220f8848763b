import { useLocation } from 'wouter';

import { Header } from '@honne/ui';

import { strings } from '../../strings.ts';

import { TERMS, TERMS_PREAMBLE, TERMS_UPDATED_AT } from './terms.ts';

/** The terms text itself; also shown inside the sign-up form (the terms gate). */
export function TermsBody() {
  return (
    <article className="hn-page" style={{ gap: 'var(--hn-space-5)' }} aria-label={strings.termsTitle}>
      <p className="hn-text-muted hn-text-small" style={{ margin: 0 }}>
        {`最終更新日：${TERMS_UPDATED_AT}`}
      </p>
      <p style={{ margin: 0 }}>{TERMS_PREAMBLE}</p>
      {TERMS.map((article) => (
        <section key={article.title} style={{ display: 'flex', flexDirection: 'column', gap: 'var(--hn-space-2)' }}>
          <h2 style={{ margin: 0, fontSize: 'var(--hn-font-size-large)' }}>{article.title}</h2>
          {article.paragraphs.map((p) => (
            <p key={p} style={{ margin: 0 }}>
              {p}
            </p>
          ))}
        </section>
      ))}
      <p className="hn-text-muted hn-text-small" style={{ margin: 0, textAlign: 'right' }}>
        以上
      </p>
    </article>
  );
}

/** /agree and /term_of_use (the same screen). */
export default function Terms() {
  const [, navigate] = useLocation();
  return (
    <>
      <Header
        title={strings.termsTitle}
        onBack={() => (window.history.length > 1 ? window.history.back() : navigate('/login'))}
      />
      <TermsBody />
    </>
  );
}
