/** The parts of a scrolling element the controller reads and moves. */
export interface ScrollBox {
  scrollTop: number;
  readonly scrollHeight: number;
  readonly clientHeight: number;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

export interface AutoScrollOptions {
  /** Spec §9: 3 s idle, then 2 px every 50 ms. */
  idleMs?: number;
  stepPx?: number;
  everyMs?: number;
  timers?: Timers;
  /** prefers-reduced-motion: nothing moves by itself. */
  reducedMotion?: () => boolean;
  onChange?: (state: AutoScrollState) => void;
}

/** waiting: idle timer armed; scrolling; held: pointer over the list; bottom: reached the end; off. */
export type AutoScrollState = 'waiting' | 'scrolling' | 'held' | 'bottom' | 'off';

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>),
};

const atBottom = (box: ScrollBox) => box.scrollTop + box.clientHeight >= box.scrollHeight - 1;

/**
 * The latest-posts auto-scroll (spec §2/§9): after 3 s without interaction the list scrolls by
 * 2 px every 50 ms; hovering holds it, a wheel or touch stops it (and re-arms the idle wait),
 * reaching the bottom stops it until new content arrives. Reduced motion turns it off.
 */
export function createAutoScroll(box: ScrollBox, options: AutoScrollOptions = {}) {
  const idleMs = options.idleMs ?? 3000;
  const stepPx = options.stepPx ?? 2;
  const everyMs = options.everyMs ?? 50;
  const timers = options.timers ?? realTimers;
  const reduced = options.reducedMotion ?? (() => false);
  let state: AutoScrollState = 'off';
  let idle: unknown = null;
  let interval: unknown = null;
  let hovering = false;

  const setState = (s: AutoScrollState) => {
    if (s === state) return;
    state = s;
    options.onChange?.(s);
  };

  const stopTimers = () => {
    if (idle !== null) timers.clearTimeout(idle);
    if (interval !== null) timers.clearInterval(interval);
    idle = interval = null;
  };

  const step = () => {
    if (atBottom(box)) {
      stopTimers();
      setState('bottom');
      return;
    }
    box.scrollTop = box.scrollTop + stepPx;
  };

  const arm = () => {
    stopTimers();
    if (reduced()) {
      setState('off');
      return;
    }
    if (hovering) {
      setState('held');
      return;
    }
    if (atBottom(box)) {
      setState('bottom');
      return;
    }
    setState('waiting');
    idle = timers.setTimeout(() => {
      idle = null;
      setState('scrolling');
      interval = timers.setInterval(step, everyMs);
    }, idleMs);
  };

  return {
    get state() {
      return state;
    },
    start: arm,
    /** Wheel, touch, key or a click: stop now, start again after the idle time. */
    interact: arm,
    hoverStart() {
      hovering = true;
      stopTimers();
      setState('held');
    },
    hoverEnd() {
      hovering = false;
      arm();
    },
    /** New rows arrived (the bottom may have moved away). */
    contentChanged() {
      if (state === 'bottom') arm();
    },
    stop() {
      stopTimers();
      setState('off');
    },
  };
}

export type AutoScroll = ReturnType<typeof createAutoScroll>;
