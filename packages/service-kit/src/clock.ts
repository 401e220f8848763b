/** The one source of time. Services take it from the context so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set and advance by hand; expiry and timeouts are then tested without sleeping. */
export class ManualClock implements Clock {
  #now: number;
  constructor(start: Date | string = '2026-01-10T09:00:00.000Z') {
    this.#now = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#now);
  }
  advance(ms: number): void {
    this.#now += ms;
  }
  set(to: Date | string): void {
    this.#now = new Date(to).getTime();
  }
}

/**
 * Real time moved forward by a settable offset. Only the embedded launcher's test control uses it
 * (never in production), so browser journeys can see expiry without waiting.
 */
export class OffsetClock implements Clock {
  #offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }
  advance(ms: number): void {
    this.#offsetMs += ms;
  }
}
