import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';

import { STORAGE_KEYS, getApi, isApiError } from '@honne/api-client';
import { messages } from '@honne/contracts/messages';
import { safetyEndpoints, type Notice } from '@honne/contracts/safety';
import { Button, EmptyState, Header, Skeleton } from '@honne/ui';

import { strings } from '../../strings.ts';

import { NoticeBody } from './NoticeBody.tsx';
import { markSeen } from './seen.ts';

type Load = { state: 'loading' } | { state: 'ready'; notices: Notice[] } | { state: 'expired' } | { state: 'failed' };

/**
 * Where a suspended or banned person lands after the refused login (issue 27): why, until when,
 * and the appeal, read with the notice token the refusal handed out. The token reads nothing else;
 * when it has lapsed (30 minutes) they sign in again for a new one.
 */
export function RestrictedPage() {
  const [, navigate] = useLocation();
  const token = getApi().client.storage.getItem(STORAGE_KEYS.noticeToken);
  const [load, setLoad] = useState<Load>(token ? { state: 'loading' } : { state: 'expired' });

  useEffect(() => {
    if (!token) return;
    const aborted = new AbortController();
    getApi()
      .client.call(safetyEndpoints.notices, { token, signal: aborted.signal })
      .then(
        // Newest first: the restriction in force leads.
        ({ data }) => {
          // Read here, they need not come again on the first screen after the restriction ends.
          for (const n of data) markSeen(n.id);
          setLoad({ state: 'ready', notices: data });
        },
        (e: unknown) => {
          if (aborted.signal.aborted) return;
          if (isApiError(e) && e.status === 401) getApi().client.storage.removeItem(STORAGE_KEYS.noticeToken);
          setLoad({ state: isApiError(e) && e.status === 401 ? 'expired' : 'failed' });
        },
      );
    return () => aborted.abort();
  }, [token]);

  const toLogin = () => navigate('/login', { replace: true });
  return (
    <>
      <Header title={strings.restrictedTitle} onBack={toLogin} />
      <main className="hn-page hn-stack" aria-busy={load.state === 'loading'}>
        <p role="alert" style={{ margin: 0 }}>
          {messages.accountRestricted}
        </p>
        {load.state === 'loading' ? (
          <div className="hn-card">
            <Skeleton lines={4} />
          </div>
        ) : load.state === 'ready' ? (
          load.notices.length > 0 ? (
            load.notices.map((n) => (
              <section key={n.id} className="hn-card hn-stack" aria-label={n.title}>
                <h2 style={{ margin: 0, fontSize: '1.05rem' }}>{n.title}</h2>
                <NoticeBody notice={n} token={token!} />
              </section>
            ))
          ) : (
            <EmptyState title={strings.restrictedNoNotices} />
          )
        ) : (
          <EmptyState
            title={load.state === 'expired' ? strings.restrictedExpired : messages.unexpected}
            action={
              <Button variant="secondary" onClick={toLogin}>
                {strings.restrictedToLogin}
              </Button>
            }
          />
        )}
        <Button variant="text" block onClick={toLogin}>
          {strings.restrictedToLogin}
        </Button>
      </main>
    </>
  );
}
