import {
  type RealtimeCommandName,
  type RealtimeCommandResult,
  type RealtimeEvent,
  type SystemPart,
} from '@honne/contracts/realtime';
import { dataOf, realtimeEvents, type RealtimeDataOf, type RealtimeEventName } from '@honne/contracts/realtime-events';

import { CommandNotSent, type RealtimeStatus } from './realtime.ts';

type RealtimeListener = (event: RealtimeEvent) => void;
type StatusListener = (status: RealtimeStatus) => void;
type SystemListener = (down: readonly SystemPart[]) => void;

/** What the hub needs of the socket client (RealtimeClient fits). */
export interface ChannelSource {
  subscribe(channel: string): () => void;
  command?(name: RealtimeCommandName, body: unknown): Promise<RealtimeCommandResult>;
}

/**
 * Fan-out of the shell's one real-time socket to whichever screens listen. Remotes never see the
 * socket itself: they listen here, ask for channels here (kept while the shell swaps sockets on
 * login and logout) and watch the connection status (to refetch after a reconnect).
 */
export class RealtimeHub {
  private readonly listeners = new Set<RealtimeListener>();
  private readonly statusListeners = new Set<StatusListener>();
  /** Wanted channels with how many screens want each. */
  private readonly wanted = new Map<string, number>();
  /** Unsubscribe functions from the attached socket, per channel. */
  private readonly attached = new Map<string, () => void>();
  private source: ChannelSource | null = null;
  private currentStatus: RealtimeStatus = 'idle';
  private readonly systemListeners = new Set<SystemListener>();
  private down: readonly SystemPart[] = [];

  /** Every event, as it came; prefer `on` for events of one type. */
  subscribe(listener: RealtimeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Events of one type (a name in the contracts' `realtimeEvents`), their data typed from its
   * schema: a changed payload fails the typecheck of every handler instead of a screen at run time.
   */
  on<N extends RealtimeEventName>(
    name: N,
    handler: (data: RealtimeDataOf<N>, event: RealtimeEvent) => void,
  ): () => void {
    const def = realtimeEvents[name];
    return this.subscribe((event) => {
      const data = dataOf(event, def);
      if (data !== undefined && data !== null) handler(data as RealtimeDataOf<N>, event);
    });
  }

  /** Live events of `channel` (frames `{type:'subscribe', channel}`) until the returned function runs. */
  channel(channel: string): () => void {
    const n = this.wanted.get(channel) ?? 0;
    this.wanted.set(channel, n + 1);
    if (n === 0 && this.source) this.attached.set(channel, this.source.subscribe(channel));
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (this.wanted.get(channel) ?? 1) - 1;
      if (left > 0) {
        this.wanted.set(channel, left);
        return;
      }
      this.wanted.delete(channel);
      this.attached.get(channel)?.();
      this.attached.delete(channel);
    };
  }

  /** A command over the shell's socket; rejects with CommandNotSent when there is none open. */
  command(name: RealtimeCommandName, body: unknown): Promise<RealtimeCommandResult> {
    if (!this.source?.command || this.currentStatus !== 'open') {
      return Promise.reject(new CommandNotSent('not connected'));
    }
    return this.source.command(name, body);
  }

  /** The shell hands over its socket (or null when it closes it); wanted channels move along. */
  attach(source: ChannelSource | null): void {
    for (const off of this.attached.values()) off();
    this.attached.clear();
    this.source = source;
    if (source) for (const channel of this.wanted.keys()) this.attached.set(channel, source.subscribe(channel));
  }

  get channels(): readonly string[] {
    return [...this.wanted.keys()];
  }

  get status(): RealtimeStatus {
    return this.currentStatus;
  }

  onStatus(listener: StatusListener): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** What the gateway said it cannot reach (`system.status`); empty when all is well. */
  get systemDown(): readonly SystemPart[] {
    return this.down;
  }

  onSystemStatus(listener: SystemListener): () => void {
    this.systemListeners.add(listener);
    return () => this.systemListeners.delete(listener);
  }

  private setDown(down: readonly SystemPart[]): void {
    if (down.length === this.down.length && down.every((p) => this.down.includes(p))) return;
    this.down = down;
    for (const l of this.systemListeners) {
      try {
        l(down);
      } catch (error) {
        console.error('system status listener failed', error);
      }
    }
  }

  setStatus(status: RealtimeStatus): void {
    // A new socket may reach another gateway instance: it says after hello if it lacks a part.
    if (status === 'open' || status === 'closed') this.setDown([]);
    this.currentStatus = status;
    for (const l of this.statusListeners) {
      try {
        l(status);
      } catch (error) {
        console.error('realtime status listener failed', error);
      }
    }
  }

  emit(event: RealtimeEvent): void {
    const status = dataOf(event, realtimeEvents.systemStatus);
    if (status !== undefined) {
      this.setDown(Array.isArray(status?.down) ? status.down : []);
      return;
    }
    for (const l of this.listeners) {
      try {
        l(event);
      } catch (error) {
        console.error('realtime listener failed', error);
      }
    }
  }
}
