import { Link } from 'wouter';

import { BottomSheet } from '@honne/ui';

import { strings } from '../../strings.ts';

/** The help link of my page: how honne works, in the tutorial's words, and the terms. */
export function HelpSheet({ onClose }: { onClose: () => void }) {
  return (
    <BottomSheet title={strings.helpTitle} onClose={onClose}>
      <div className="hn-stack">
        {strings.tutorialPages.map((p) => (
          <section key={p.title}>
            <h3 className="hn-field__label" style={{ margin: 0, fontSize: 'var(--hn-font-size-body)' }}>
              {p.title}
            </h3>
            <p style={{ margin: 0 }}>{p.body}</p>
          </section>
        ))}
        <Link to="/term_of_use" style={{ minHeight: 44, display: 'inline-flex', alignItems: 'center' }}>
          {strings.helpTerms}
        </Link>
      </div>
    </BottomSheet>
  );
}
