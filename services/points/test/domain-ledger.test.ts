import { describe, expect, it } from 'vitest';

import { lotExpiry, lotNeedsReminder, planDebit } from '../src/domain/ledger.ts';

const lot = (id: string, day: number, remaining: number) => ({
  id,
  issued_at: new Date(Date.UTC(2026, 0, day)),
  remaining,
});

describe('ledger rules', () => {
  it('pays from purchased lots oldest first, then from earned points', () => {
    expect(planDebit(1000, [lot('b', 5, 300), lot('a', 1, 200)], 600)).toEqual({
      fromLots: [
        { id: 'a', take: 200 },
        { id: 'b', take: 300 },
      ],
      fromPurchased: 500,
      fromEarned: 100,
    });
    expect(planDebit(1000, [lot('a', 1, 200)], 150)).toEqual({
      fromLots: [{ id: 'a', take: 150 }],
      fromPurchased: 150,
      fromEarned: 0,
    });
  });

  it('refuses a debit above the balance', () => {
    expect(planDebit(99, [], 100)).toBeUndefined();
    expect(planDebit(100, [], 100)).toEqual({ fromLots: [], fromPurchased: 0, fromEarned: 100 });
  });

  it('expires lots 180 days after issue only under the expire policy, reminding 30 days before', () => {
    const issued = new Date('2026-01-01T00:00:00Z');
    const expires = lotExpiry('expire', issued)!;
    expect(expires).toEqual(new Date('2026-06-30T00:00:00Z'));
    expect(lotExpiry('report', issued)).toBeNull();
    expect(lotNeedsReminder(expires, new Date('2026-05-30T00:00:00Z'))).toBe(false);
    expect(lotNeedsReminder(expires, new Date('2026-06-01T00:00:00Z'))).toBe(true);
    expect(lotNeedsReminder(expires, new Date('2026-07-01T00:00:00Z'))).toBe(false);
  });
});
