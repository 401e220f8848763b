import { describe, expect, it } from 'vitest';

import { CountdownTicker } from '../src/lib/ticker.ts';

class FakeEl {
  textContent: string | null = '';
  attrs: Record<string, string> = {};
  writes = 0;
  setAttribute(name: string, value: string) {
    this.attrs[name] = value;
  }
}
// Count text writes to prove unchanged text is not rewritten.
const el = () => {
  const e = new FakeEl();
  let text: string | null = '';
  Object.defineProperty(e, 'textContent', {
    get: () => text,
    set: (v: string | null) => {
      e.writes += 1;
      text = v;
    },
  });
  return e;
};

const setup = () => {
  let now = 0;
  let fn: (() => void) | null = null;
  let intervals = 0;
  const ticker = new CountdownTicker({
    now: () => now,
    setInterval: (f) => {
      fn = f;
      intervals += 1;
      return intervals;
    },
    clearInterval: () => {
      fn = null;
    },
  });
  return {
    ticker,
    advance(ms: number) {
      now += ms;
      fn?.();
    },
    get intervals() {
      return intervals;
    },
    get running() {
      return fn !== null;
    },
  };
};

describe('CountdownTicker', () => {
  it('writes the four styles of spec §4 as time passes and reports expiry once', () => {
    const t = setup();
    const a = el();
    let expired = 0;
    t.ticker.add(a, 3600_000 + 61_000, () => (expired += 1));
    expect(a.textContent).toBe('1時間1分');
    expect(a.attrs['data-countdown']).toBe('normal');

    t.advance(61_000); // exactly 1 hour left
    expect(a.textContent).toBe('60分');
    expect(a.attrs['data-countdown']).toBe('warning');

    t.advance(3600_000 - 59_000); // 59 s left
    expect(a.textContent).toBe('59秒');
    expect(a.attrs['data-countdown']).toBe('seconds');

    t.advance(59_000);
    expect(a.textContent).toBe('0秒');
    expect(expired).toBe(1);
    t.advance(1000);
    expect(expired).toBe(1);
    expect(t.running).toBe(false);
  });

  it('uses one timer for many rows, skips unchanged text, and stops when the last row leaves', () => {
    const t = setup();
    const rows = Array.from({ length: 50 }, el);
    const offs = rows.map((r, i) => t.ticker.add(r, 7230_000 + i * 1000));
    expect(t.intervals).toBe(1);
    expect(t.ticker.size).toBe(50);
    const writes = rows[0]!.writes;
    t.advance(1000); // minutes unchanged: no DOM write
    expect(rows[0]!.writes).toBe(writes);
    t.advance(60_000);
    expect(rows[0]!.writes).toBe(writes + 1);
    offs.forEach((off) => off());
    expect(t.running).toBe(false);
  });

  it('an already expired voice says 0秒 and expires at once', () => {
    const t = setup();
    const a = el();
    let expired = false;
    t.ticker.add(a, -5000, () => (expired = true));
    expect(a.textContent).toBe('0秒');
    expect(expired).toBe(true);
    expect(t.running).toBe(false);
  });
});
