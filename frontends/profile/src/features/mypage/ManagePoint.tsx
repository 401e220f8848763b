import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';

import { getApi, onBalanceChanged } from '@honne/api-client';
import { pointsEndpoints, type Balance } from '@honne/contracts/points';
import { Button, Header, Skeleton, usePopup } from '@honne/ui';

import { strings } from '../../strings.ts';
import { useProfile } from '../shared/useProfile.ts';
import { AddPoints } from './AddPoints.tsx';
import { CheckoutReturn } from './CheckoutReturn.tsx';
import { PointHistory } from './PointHistory.tsx';
import { RefundRequest } from './RefundRequest.tsx';

/**
 * /manage-point (spec §2): the balance with thousands separators, live, the reminder of purchased
 * points about to expire, the history, the refund request, the three tiles and the add-points sheet
 * (with the monthly cap of users under 18).
 */
export default function ManagePoint() {
  const [, navigate] = useLocation();
  const popup = usePopup();
  const { profile } = useProfile();
  // A gift given or received while this page is open moves the balance here at once.
  const [live, setLive] = useState<number | null>(null);
  useEffect(() => onBalanceChanged(getApi().realtime, setLive), []);
  // The ledger's own view: expiry reminders and, for minors, the monthly cap.
  const [account, setAccount] = useState<Balance | null>(null);
  useEffect(() => {
    let alive = true;
    getApi()
      .client.call(pointsEndpoints.balance, {})
      .then(({ data }) => alive && setAccount(data))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [live]);
  const balance = live ?? account?.balance ?? profile?.userCoin;
  const [history, setHistory] = useState(false);
  const [params] = useSearchParams();
  // ?add=1: every "not enough points" message leads here with the sheet open.
  const [adding, setAdding] = useState(params.get('add') === '1');
  // ?checkout=<id>: back from the payment page.
  const returned = params.get('checkout');
  const [refunding, setRefunding] = useState(false);
  return (
    <>
      <Header title={strings.managePointTitle} onBack={() => navigate('/mypage')} />
      <main className="hn-page">
        <section className="hn-card hn-stack" style={{ alignItems: 'center' }} aria-labelledby="balance-label">
          <h2 id="balance-label" className="hn-field__label" style={{ margin: 0 }}>
            {strings.balance}
          </h2>
          <p
            className="hn-num"
            style={{ margin: 0, fontSize: 32, fontWeight: 700, color: 'var(--hn-color-primary)' }}
            aria-live="polite"
          >
            {balance !== undefined ? strings.pointsValue(balance) : <Skeleton width={120} height={36} />}
          </p>
          {account?.expiring?.map((lot) => (
            <p
              key={lot.expires_at}
              className="hn-text-small"
              role="note"
              style={{ margin: 0, color: 'var(--hn-color-danger)' }}
            >
              {strings.expiringNotice(lot.points, lot.expires_at)}
            </p>
          ))}
        </section>
        {returned ? (
          <CheckoutReturn
            id={returned}
            cancelled={params.get('cancelled') === '1'}
            balanceSeen={live}
            onDone={() => navigate('/manage-point', { replace: true })}
          />
        ) : null}
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 'var(--hn-space-2)' }}>
          <Button variant="secondary" onClick={() => setHistory(true)}>
            {strings.pointHistory}
          </Button>
          <Button variant="secondary" onClick={() => setRefunding(true)}>
            {strings.pointRefund}
          </Button>
        </div>
        <ul
          style={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'grid',
            gridTemplateColumns: 'repeat(3, 1fr)',
            gap: 'var(--hn-space-2)',
          }}
        >
          {(
            [
              [strings.pointTiles[0], () => setAdding(true)],
              [strings.pointTiles[1], () => void popup.alert(strings.noCampaign)],
              [
                strings.pointTiles[2],
                () =>
                  void popup.alert(strings.pointsHowTo(account?.purchase_valid_days), { title: strings.pointTiles[2] }),
              ],
            ] as const
          ).map(([label, open]) => (
            <li key={label}>
              <button
                type="button"
                className="hn-card hn-text-small"
                style={{
                  width: '100%',
                  minHeight: 56,
                  fontWeight: 700,
                  padding: 'var(--hn-space-3)',
                  font: 'inherit',
                  color: 'var(--hn-color-text)',
                  background: 'var(--hn-color-surface)',
                  border: '1px solid var(--hn-color-border)',
                  cursor: 'pointer',
                }}
                onClick={open}
              >
                {label}
              </button>
            </li>
          ))}
        </ul>
        <Button variant="text" onClick={() => setAdding(true)}>
          {strings.addPoints}
        </Button>
      </main>
      {history ? <PointHistory onClose={() => setHistory(false)} /> : null}
      {adding ? <AddPoints balance={account} onBalance={setAccount} onClose={() => setAdding(false)} /> : null}
      {refunding ? <RefundRequest onClose={() => setRefunding(false)} /> : null}
    </>
  );
}
