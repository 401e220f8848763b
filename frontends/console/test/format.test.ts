import { describe, expect, it } from 'vitest';

import { formatAge, formatAt, formatSeconds, isLate } from '../src/format.ts';

describe('how the console writes times', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

  it('says how long a report has waited in minutes, hours, then days and hours', () => {
    expect(formatAge(ago(5), now)).toBe('5分');
    expect(formatAge(ago(3 * 60 + 10), now)).toBe('3時間');
    expect(formatAge(ago(48 * 60), now)).toBe('2日');
    expect(formatAge(ago(52 * 60), now)).toBe('2日4時間');
  });

  it('marks 24 hours of waiting as late, not a minute before', () => {
    expect(isLate(ago(24 * 60 - 1), now)).toBe(false);
    expect(isLate(ago(24 * 60), now)).toBe(true);
  });

  it('writes dates in Japan time and durations to first action', () => {
    expect(formatAt('2026-11-27T15:30:00Z')).toBe('2026/11/28 00:30');
    expect(formatAt(null)).toBe('—');
    expect(formatSeconds(12.4)).toBe('12秒');
    expect(formatSeconds(42 * 60)).toBe('42分');
    expect(formatSeconds(3.5 * 3600)).toBe('3.5時間');
    expect(formatSeconds(null)).toBe('—');
  });
});
