import { getApi, isApiError } from '@honne/api-client';
import { POINT_PACKS, pointsEndpoints, type Balance } from '@honne/contracts/points';
import { BottomSheet, Loader, usePopup } from '@honne/ui';
import { useState } from 'react';
import { useLocation } from 'wouter';

import { strings } from '../../strings.ts';
import { showError } from '../shared/errors.ts';
import { MonthlyCap } from './MonthlyCap.tsx';

/**
 * The add-points sheet: the packs on sale. Tapping one opens a checkout at the payment provider
 * (or, where none is configured and never in production, the app's labelled test checkout); the
 * provider's signed webhook credits the pack, and /manage-point tells the buyer on return.
 */
export function AddPoints({
  balance,
  onBalance,
  onClose,
}: {
  balance: Balance | null;
  onBalance: (b: Balance) => void;
  onClose: () => void;
}) {
  const t = strings.addPointsSheet;
  const [, navigate] = useLocation();
  const popup = usePopup();
  const [opening, setOpening] = useState<string | null>(null);
  const buy = async (pack: (typeof POINT_PACKS)[number]['id']) => {
    if (opening) return;
    setOpening(pack);
    try {
      const { data } = await getApi().client.call(pointsEndpoints.createCheckout, { body: { pack } });
      // The test checkout is a screen of this app; the provider's is its own page.
      if (data.test) navigate(data.url);
      else window.location.assign(data.url);
    } catch (error) {
      setOpening(null);
      // The provider's own refusal (503: unavailable, could not open) says why in its message.
      const why = isApiError(error) && error.kind === 'http' ? error.message : showError(error, []).popup;
      if (why) void popup.alert(why);
    }
  };
  return (
    <BottomSheet title={t.title} onClose={onClose}>
      <p className="hn-text-small" style={{ margin: 0 }}>
        {t.how}
      </p>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 'var(--hn-space-2)' }}>
        {POINT_PACKS.map((p) => (
          <li key={p.id}>
            <button
              type="button"
              className="hn-card"
              style={{
                width: '100%',
                minHeight: 56,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                padding: 'var(--hn-space-3) var(--hn-space-4)',
                font: 'inherit',
                color: 'inherit',
                background: 'var(--hn-color-surface)',
                border: '1px solid var(--hn-color-border)',
                cursor: 'pointer',
              }}
              aria-label={t.buy(p.points, p.yen)}
              aria-busy={opening === p.id}
              disabled={opening !== null}
              onClick={() => void buy(p.id)}
            >
              <span className="hn-num" style={{ fontWeight: 700 }}>
                {strings.pointsValue(p.points)}
              </span>
              {opening === p.id ? (
                <Loader inline label={t.opening} />
              ) : (
                <span className="hn-num" style={{ color: 'var(--hn-color-primary)', fontWeight: 700 }}>
                  {t.price(p.yen)}
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      <p className="hn-text-small" style={{ margin: 0, color: 'var(--hn-color-text-muted)' }}>
        {t.notes(balance?.purchase_valid_days)}
      </p>
      {balance ? <MonthlyCap balance={balance} onChange={onBalance} /> : null}
    </BottomSheet>
  );
}
