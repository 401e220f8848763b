import { getApi } from '@honne/api-client';
import { countdown, type CountdownStyle } from '@honne/contracts/topics';

/** The part of an element the ticker writes: its text and a data attribute for the style. */
export interface TickTarget {
  textContent: string | null;
  setAttribute(name: string, value: string): void;
}

interface Entry {
  target: TickTarget;
  expireAtMs: number;
  onExpire: (() => void) | undefined;
  text: string;
  style: CountdownStyle | '';
}

export interface TickerOptions {
  now?: () => number;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (id: unknown) => void;
  intervalMs?: number;
}

/**
 * One timer for every countdown on the page (spec §4 styles, ui.md: countdowns tick without
 * re-rendering the list). Rows register their text element; each second the ticker writes the
 * new text and `data-countdown` style straight into the DOM, and tells the row once when it
 * reaches 0 so the list can drop it. The interval runs only while something is registered.
 */
export class CountdownTicker {
  private readonly entries = new Set<Entry>();
  private timer: unknown = null;
  private readonly now: () => number;
  private readonly set: (fn: () => void, ms: number) => unknown;
  private readonly clear: (id: unknown) => void;
  private readonly intervalMs: number;

  constructor(options: TickerOptions = {}) {
    this.now = options.now ?? Date.now;
    this.set = options.setInterval ?? ((fn, ms) => globalThis.setInterval(fn, ms));
    this.clear = options.clearInterval ?? ((id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>));
    this.intervalMs = options.intervalMs ?? 1000;
  }

  get size(): number {
    return this.entries.size;
  }

  get running(): boolean {
    return this.timer !== null;
  }

  /** Starts updating `target`; the returned function stops it (call it on unmount). */
  add(target: TickTarget, expireAtMs: number, onExpire?: () => void): () => void {
    const entry: Entry = { target, expireAtMs, onExpire, text: '', style: '' };
    this.entries.add(entry);
    this.update(entry, this.now());
    if (this.entries.has(entry) && this.timer === null) this.timer = this.set(() => this.tick(), this.intervalMs);
    return () => this.remove(entry);
  }

  /** One second passed: every registered countdown is written again. */
  tick(): void {
    const now = this.now();
    for (const entry of [...this.entries]) this.update(entry, now);
  }

  private update(entry: Entry, now: number): void {
    const c = countdown(entry.expireAtMs, now);
    if (c.text !== entry.text) {
      entry.text = c.text;
      entry.target.textContent = c.text;
    }
    if (c.style !== entry.style) {
      entry.style = c.style;
      entry.target.setAttribute('data-countdown', c.style);
    }
    if (c.remainingSeconds <= 0) {
      this.remove(entry);
      entry.onExpire?.();
    }
  }

  private remove(entry: Entry): void {
    this.entries.delete(entry);
    if (this.entries.size === 0 && this.timer !== null) {
      this.clear(this.timer);
      this.timer = null;
    }
  }
}

/** The page's one ticker, on the server's clock (a phone minutes off still counts down right). */
export const ticker = new CountdownTicker({ now: () => getApi().clock.now() });
