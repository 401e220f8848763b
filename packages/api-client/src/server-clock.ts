import { profileEndpoints } from '@honne/contracts/profile';

import type { ApiClient } from './client.ts';

/** Spec topics-chat-calls §4 and §9: server time syncs every 30 s. */
export const TIME_SYNC_INTERVAL_MS = 30_000;

export interface ServerClockOptions {
  now?: () => number;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (id: unknown) => void;
}

/**
 * The server's time as this page best knows it. Countdowns and expiry checks read `now()` so a
 * phone whose clock is minutes off still shows the right remaining time. Each sync asks
 * `POST /users/timeserver` and takes the answer as the server's time at the middle of the round
 * trip; until the first answer (or signed out) the offset is 0 and `now()` is the phone's clock.
 */
export class ServerClock {
  private offsetMs = 0;
  private readonly localNow: () => number;
  private readonly set: (fn: () => void, ms: number) => unknown;
  private readonly clear: (id: unknown) => void;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly client: Pick<ApiClient, 'call'>,
    options: ServerClockOptions = {},
  ) {
    this.localNow = options.now ?? Date.now;
    this.set = options.setInterval ?? ((fn, ms) => globalThis.setInterval(fn, ms));
    this.clear = options.clearInterval ?? ((id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>));
  }

  /** Milliseconds since the epoch on the server's clock. */
  now = (): number => this.localNow() + this.offsetMs;

  /** How far the server's clock is ahead of this device's (negative: behind). */
  get offset(): number {
    return this.offsetMs;
  }

  /** Called after each sync that moved the offset (a countdown redraws at once). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** One sync; a failed one keeps the last offset (the next one will try again). */
  async sync(): Promise<void> {
    const sent = this.localNow();
    let serverMs: number;
    try {
      serverMs = (await this.client.call(profileEndpoints.timeserver)).data.epoch_ms;
    } catch {
      return;
    }
    const received = this.localNow();
    const next = Math.round(serverMs + (received - sent) / 2 - received);
    if (next === this.offsetMs) return;
    this.offsetMs = next;
    for (const l of this.listeners) l();
  }

  /** Syncs now and every 30 s until the returned function is called (the shell: while signed in). */
  start(): () => void {
    void this.sync();
    const id = this.set(() => void this.sync(), TIME_SYNC_INTERVAL_MS);
    return () => this.clear(id);
  }
}
