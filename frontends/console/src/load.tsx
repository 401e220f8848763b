import { useCallback, useEffect, useState, type ReactNode } from 'react';

import { Button, Loader } from '@honne/ui';

import { errorText } from './api.ts';
import { strings } from './strings.ts';

export type Loaded<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/** Loads once per change of `key`, and again on reload(); a later answer replaces an earlier one. */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string) {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ status: 'ready', data }),
      (e: unknown) => !controller.signal.aborted && setState({ status: 'error', message: errorText(e) }),
    );
    return () => controller.abort();
    // `load` changes every render; `key` names what it loads, so only it (and reload) start a load.
  }, [key, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return [state, reload] as const;
}

/** Loading, error (with a retry) or the content. */
export function LoadState<T>({
  state,
  reload,
  children,
}: {
  state: Loaded<T>;
  reload: () => void;
  children: (data: T) => ReactNode;
}) {
  if (state.status === 'loading')
    return (
      <div className="cn-state" aria-busy="true">
        <Loader inline label={strings.loading} /> {strings.loading}
      </div>
    );
  if (state.status === 'error')
    return (
      <div className="cn-state" role="alert">
        <p className="cn-error">{state.message}</p>
        <Button variant="secondary" onClick={reload}>
          {strings.retry}
        </Button>
      </div>
    );
  return <>{children(state.data)}</>;
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="cn-state">{children}</p>;
}
