import { useEffect, useState } from 'react';
import { Link } from 'react-router';

import { getApi, isApiError, userMessage } from '@honne/api-client';
import type { UserProfile } from '@honne/contracts/accounts';
import { EmptyState, Header, Skeleton, usePopup } from '@honne/ui';

import { strings } from '../../strings.ts';
import { useSession } from '../session/useSession.ts';

/** Home (/) until the post list lands: shows who is signed in, from GET /users/profile. */
export function Home() {
  const session = useSession();
  const popup = usePopup();
  const [profile, setProfile] = useState<UserProfile | null>(session?.profile ?? null);
  const [loading, setLoading] = useState(!session?.profile);

  useEffect(() => {
    let alive = true;
    getApi()
      .accounts.profile()
      .then((p) => alive && setProfile(p))
      .catch((e: unknown) => {
        // A 401 is handled once by the shell (logout + popup); everything else is said here.
        if (alive && !(isApiError(e) && e.kind === 'unauthorized')) void popup.alert(userMessage(e));
      })
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [popup]);

  const email = profile?.email ?? session?.email ?? '';
  return (
    <>
      <Header title={strings.homeTitle} />
      <div className="hn-page">
        <section className="hn-card hn-stack" aria-busy={loading} aria-labelledby="home-signed-in">
          <h2 className="hn-title" id="home-signed-in">
            {strings.homeSignedIn}
          </h2>
          <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 16px' }}>
            <dt className="hn-text-muted">{strings.homeAccount}</dt>
            <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>
              {loading && !email ? <Skeleton width="70%" /> : email}
            </dd>
            <dt className="hn-text-muted">{strings.homePoints}</dt>
            <dd style={{ margin: 0 }} className="hn-num">
              {loading && !profile ? (
                <Skeleton width="30%" />
              ) : (
                `${(profile?.userCoin ?? 0).toLocaleString('ja-JP')}${strings.pointsUnit}`
              )}
            </dd>
          </dl>
          <Link to="/settings">{strings.settingsLink}</Link>
        </section>
        <EmptyState title={strings.comingSoonTitle} description={strings.homeComingSoon} />
      </div>
    </>
  );
}
