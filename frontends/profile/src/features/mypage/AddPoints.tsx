import { POINT_PACKS, type Balance } from '@honne/contracts/points';
import { BottomSheet } from '@honne/ui';

import { strings } from '../../strings.ts';
import { MonthlyCap } from './MonthlyCap.tsx';

/**
 * The add-points sheet: the packs on sale and how they are bought. The payment provider's checkout
 * takes the payment; its signed webhook credits the pack (points service), and the balance above
 * moves by itself when it does.
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
  return (
    <BottomSheet title={t.title} onClose={onClose}>
      <p className="hn-text-small" style={{ margin: 0 }}>
        {t.how}
      </p>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 'var(--hn-space-2)' }}>
        {POINT_PACKS.map((p) => (
          <li
            key={p.id}
            className="hn-card"
            style={{ display: 'flex', justifyContent: 'space-between', padding: 'var(--hn-space-3)' }}
          >
            <span className="hn-num" style={{ fontWeight: 700 }}>
              {strings.pointsValue(p.points)}
            </span>
            <span className="hn-num">{t.price(p.yen)}</span>
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
