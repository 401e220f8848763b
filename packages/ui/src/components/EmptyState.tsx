import type { ReactNode } from 'react';

import { LeafIcon } from './icons.tsx';

export interface EmptyStateProps {
  /** The spec's wording for this empty list. */
  title: string;
  description?: ReactNode;
  /** The next step (usually a Button). */
  action?: ReactNode;
  icon?: ReactNode;
}

export function EmptyState({ title, description, action, icon }: EmptyStateProps) {
  return (
    <section className="hn-empty">
      <span className="hn-empty__icon">{icon ?? <LeafIcon size={48} />}</span>
      <h2 className="hn-empty__title">{title}</h2>
      {description ? <p className="hn-empty__body">{description}</p> : null}
      {action}
    </section>
  );
}
