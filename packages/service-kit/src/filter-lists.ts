import { events, requests, type EventPayload } from '@honne/contracts/events';
import type { FilterEntry } from '@honne/contracts/safety';
import { DEFAULT_LIST, TextFilter, type ListEntry } from '@honne/text-filter';

import type { Bus, Subscription } from './bus.ts';
import type { Logger } from './logger.ts';

// The filter's lists as operators keep them in the moderation service (ADR 0028), held compiled by
// every instance that filters text. At start it asks safety for the whole lists (`safety.filter.lists`)
// and, until safety answers, filters with the shipped DEFAULT_LIST and asks again; afterwards each
// change arrives as `safety.filter.changed` with a version. The next version is applied as it comes;
// any other (a missed or out-of-order update) makes it fetch the whole lists again, and so does a
// newer version found by the check every ~30 s (a change announced while the bus was down).

/** The lists' entries as the filter library reads them (ids, notes and authors are the console's). */
export const toListEntries = (entries: readonly FilterEntry[]): ListEntry[] =>
  entries.map((e) => ({
    kind: e.kind,
    pattern: e.pattern,
    ...(e.kind !== 'allow' ? { action: e.action ?? 'refuse' } : {}),
    ...(e.theme !== null ? { theme: e.theme } : {}),
    ...(e.whole_word !== null ? { wholeWord: e.whole_word } : {}),
  }));

/** Compiles the lists, leaving out (and naming) entries the library refuses, so one bad entry never empties them. */
export function compileLists(entries: readonly FilterEntry[], log?: Logger): TextFilter {
  try {
    return TextFilter.compile(toListEntries(entries));
  } catch (err) {
    const usable = entries.filter((e) => {
      try {
        TextFilter.compile(toListEntries([e]));
        return true;
      } catch {
        log?.warn({ entry: e.id, err }, 'filter entry left out: the filter library refuses it');
        return false;
      }
    });
    return TextFilter.compile(toListEntries(usable));
  }
}

/** Waits between asks while safety does not answer: 0.5 s, doubling up to 30 s. */
const RETRY_MS = { first: 500, max: 30_000 } as const;
const REQUEST_TIMEOUT_MS = 2_000;
/**
 * How often an instance holding the lists asks safety for the version anyway: a change announced
 * while this instance's NATS connection was down is otherwise noticed only at the next change's
 * version gap. Each wait is jittered ±25 % so instances started together do not ask together.
 */
export const FILTER_RECHECK_MS = 30_000;

export class LiveFilterLists {
  /** 0 until safety has answered once (DEFAULT_LIST meanwhile). */
  version = 0;
  filter: TextFilter = TextFilter.compile(DEFAULT_LIST);
  private entries = new Map<string, FilterEntry>();
  private subscription: Subscription | undefined;
  private retry: NodeJS.Timeout | undefined;
  private recheck: NodeJS.Timeout | undefined;
  private fetching: Promise<void> | undefined;
  private stopped = false;
  /** The newest version an update named: one announced while a fetch was under way is fetched again. */
  private seen = 0;
  private waiters: { version: number; resolve: () => void }[] = [];

  constructor(
    private readonly bus: Bus,
    private readonly log: Logger,
    private readonly recheckMs = FILTER_RECHECK_MS,
  ) {}

  /**
   * Subscribes to changes (every instance: no queue group), fetches the lists and checks the version
   * every `recheckMs` (jittered); never blocks start.
   */
  start(): void {
    this.subscription = this.bus.subscribe(events.filterListsChanged, (e) => this.onChange(e));
    void this.fetch(RETRY_MS.first);
    this.scheduleRecheck();
  }

  stop(): void {
    this.stopped = true;
    this.subscription?.unsubscribe();
    if (this.retry) clearTimeout(this.retry);
    if (this.recheck) clearTimeout(this.recheck);
  }

  private scheduleRecheck(): void {
    if (this.stopped) return;
    const wait = this.recheckMs * (0.75 + Math.random() * 0.5);
    this.recheck = setTimeout(() => {
      // Before safety's first answer the retry loop is asking already.
      const check = this.version > 0 && !this.fetching ? this.fetch(RETRY_MS.first, true) : Promise.resolve();
      void check.finally(() => this.scheduleRecheck());
    }, wait);
    this.recheck.unref();
  }

  /** Resolves once this instance holds lists of at least `version` (tests await it instead of sleeping). */
  reached(version: number): Promise<void> {
    if (this.version >= version) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ version, resolve }));
  }

  private onChange(e: EventPayload<typeof events.filterListsChanged>): Promise<void> | void {
    this.seen = Math.max(this.seen, e.version);
    if (e.version <= this.version) return; // already held (an old or repeated update)
    if (!e.change || this.version === 0 || e.version !== this.version + 1) return this.fetch(RETRY_MS.first);
    if (e.change.op === 'put') this.entries.set(e.change.entry.id, e.change.entry);
    else this.entries.delete(e.change.id);
    this.use(e.version);
  }

  /** `check`: the periodic version check, answered without entries when this instance is current. */
  private fetch(wait: number, check = false): Promise<void> {
    this.fetching ??= (async () => {
      const asked = this.seen;
      try {
        const known = check ? { known_version: this.version } : {};
        const lists = await this.bus.request(requests.filterLists, known, REQUEST_TIMEOUT_MS);
        if (lists.version > this.version) {
          this.entries = new Map(lists.entries.map((e) => [e.id, e]));
          this.use(lists.version);
        }
      } catch (err) {
        if (this.stopped) return;
        // A periodic check that goes unanswered waits for the next one (the lists it holds stay).
        if (check) return;
        this.log.debug({ err }, 'the moderation service did not answer with the filter lists; asking again');
        this.retry = setTimeout(() => void this.fetch(Math.min(wait * 2, RETRY_MS.max)), wait);
        this.retry.unref();
      } finally {
        this.fetching = undefined;
      }
      if (!this.stopped && this.version > 0 && this.seen > asked && this.seen > this.version) {
        await this.fetch(RETRY_MS.first);
      }
    })();
    return this.fetching;
  }

  private use(version: number): void {
    this.filter = compileLists([...this.entries.values()], this.log);
    this.version = version;
    const ready = this.waiters.filter((w) => w.version <= version);
    this.waiters = this.waiters.filter((w) => w.version > version);
    for (const w of ready) w.resolve();
  }
}
