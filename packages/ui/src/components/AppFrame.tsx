import { useInsertionEffect, type ReactNode } from 'react';

import { ensureStyles } from '../styles.ts';

/** The phone-width column every screen lives in; also installs the kit's stylesheet once. */
export function AppFrame({ children }: { children: ReactNode }) {
  useInsertionEffect(() => ensureStyles(), []);
  return <div className="hn-frame">{children}</div>;
}
