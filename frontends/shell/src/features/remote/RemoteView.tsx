import { Component, useCallback, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';

import { Button, EmptyState, Loader, CloudOffIcon } from '@honne/ui';

import { loadRemoteModule, type RemoteName } from '../../remotes.ts';
import { strings } from '../../strings.ts';

type RemoteId = `${RemoteName}/${string}`;

/** Shown instead of a white page when a remote cannot be loaded or crashes while rendering. */
export function RemoteError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <EmptyState
        icon={<CloudOffIcon size={48} />}
        title={strings.remoteLoadFailedTitle}
        description={strings.remoteLoadFailedBody}
        action={<Button onClick={onRetry}>{strings.retry}</Button>}
      />
    </div>
  );
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
  resetKey: number;
}

class RemoteBoundary extends Component<BoundaryProps, { failed: boolean; key: number }> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromProps(props: BoundaryProps, state: { failed: boolean; key: number }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('remote screen failed', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RemoteError onRetry={this.props.onRetry} /> : this.props.children;
  }
}

/** Renders the default export of a remote module, loaded through its mf-manifest.json. */
export function RemoteView({ id }: { id: RemoteId }) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'ready'; Screen: ComponentType } | { status: 'error' }
  >({ status: 'loading' });

  useEffect(() => {
    let alive = true;
    setState({ status: 'loading' });
    loadRemoteModule<{ default: ComponentType }>(id, attempt > 0)
      .then((mod) => {
        if (alive) setState({ status: 'ready', Screen: mod.default });
      })
      .catch((error: unknown) => {
        console.error(`could not load ${id}`, error);
        if (alive) setState({ status: 'error' });
      });
    return () => {
      alive = false;
    };
  }, [id, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (state.status === 'loading') return <Loader inline label={strings.loading} />;
  if (state.status === 'error') return <RemoteError onRetry={retry} />;
  const { Screen } = state;
  return (
    <RemoteBoundary onRetry={retry} resetKey={attempt}>
      <Screen />
    </RemoteBoundary>
  );
}
