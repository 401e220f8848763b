import { describe, expect, it } from 'vitest';

import { createAutoScroll, type Timers } from '../src/lib/auto-scroll.ts';

/** Fake timers driven by hand. */
function fakeTimers() {
  let now = 0;
  let id = 0;
  const tasks = new Map<number, { at: number; every?: number; fn: () => void }>();
  const timers: Timers = {
    setTimeout: (fn, ms) => (tasks.set(++id, { at: now + ms, fn }), id),
    clearTimeout: (i) => void tasks.delete(i as number),
    setInterval: (fn, ms) => (tasks.set(++id, { at: now + ms, every: ms, fn }), id),
    clearInterval: (i) => void tasks.delete(i as number),
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const next = [...tasks.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!next) break;
      const [key, task] = next;
      now = task.at;
      if (task.every) task.at += task.every;
      else tasks.delete(key);
      task.fn();
    }
    now = end;
  };
  return { timers, advance };
}

const box = (scrollHeight = 1000, clientHeight = 400) => ({ scrollTop: 0, scrollHeight, clientHeight });

describe('latest-posts auto-scroll', () => {
  it('waits 3 s, then moves 2 px every 50 ms', () => {
    const t = fakeTimers();
    const b = box();
    const c = createAutoScroll(b, { timers: t.timers });
    c.start();
    expect(c.state).toBe('waiting');
    t.advance(2999);
    expect(b.scrollTop).toBe(0);
    t.advance(1);
    expect(c.state).toBe('scrolling');
    t.advance(500);
    expect(b.scrollTop).toBe(20);
  });

  it('a wheel or touch stops it and the idle wait starts again', () => {
    const t = fakeTimers();
    const b = box();
    const c = createAutoScroll(b, { timers: t.timers });
    c.start();
    t.advance(3100);
    const at = b.scrollTop;
    c.interact();
    expect(c.state).toBe('waiting');
    t.advance(2900);
    expect(b.scrollTop).toBe(at);
    t.advance(150);
    expect(b.scrollTop).toBeGreaterThan(at);
  });

  it('hover holds it until the pointer leaves', () => {
    const t = fakeTimers();
    const b = box();
    const c = createAutoScroll(b, { timers: t.timers });
    c.start();
    c.hoverStart();
    t.advance(10_000);
    expect(b.scrollTop).toBe(0);
    expect(c.state).toBe('held');
    c.hoverEnd();
    t.advance(3050);
    expect(b.scrollTop).toBe(2);
  });

  it('stops at the bottom and starts again when new content arrives', () => {
    const t = fakeTimers();
    const b = box(410, 400);
    const c = createAutoScroll(b, { timers: t.timers });
    c.start();
    t.advance(3000 + 50 * 10);
    expect(b.scrollTop).toBe(10);
    expect(c.state).toBe('bottom');
    (b as { scrollHeight: number }).scrollHeight = 800;
    c.contentChanged();
    expect(c.state).toBe('waiting');
  });

  it('never moves with prefers-reduced-motion', () => {
    const t = fakeTimers();
    const b = box();
    const c = createAutoScroll(b, { timers: t.timers, reducedMotion: () => true });
    c.start();
    t.advance(10_000);
    expect(b.scrollTop).toBe(0);
    expect(c.state).toBe('off');
  });
});
