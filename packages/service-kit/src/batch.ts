export interface BatcherOptions {
  /** Most items in one call of `run`. */
  maxBatch?: number;
  /** Calls of `run` in flight at once; items arriving meanwhile wait and go together in the next one. */
  maxConcurrent?: number;
  /**
   * When a batch fails, retry its items one by one so a bad item fails alone (default). Off for
   * work that must not run twice when a failure leaves it unclear whether it ran.
   */
  retryAlone?: boolean;
}

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (reason: unknown) => void;
}

/**
 * Group commit for one kind of database round trip: items asked for in the same turn of the event
 * loop, or while earlier batches are in flight, go to the database together. Alone, an item goes
 * at once (no added wait); under load, one statement serves many callers and the cost per item
 * falls instead of queueing up.
 *
 * `run` answers one result per item, in order. When a batch fails, its items are retried one by
 * one (unless `retryAlone` is off), so one bad item (a row that breaks a constraint) fails alone.
 */
export class Batcher<I, O> {
  readonly #queue: Waiting<I, O>[] = [];
  readonly #maxBatch: number;
  readonly #maxConcurrent: number;
  readonly #retryAlone: boolean;
  #running = 0;
  #scheduled = false;

  constructor(
    private readonly run: (items: I[]) => Promise<O[]>,
    options: BatcherOptions = {},
  ) {
    this.#maxBatch = options.maxBatch ?? 200;
    this.#maxConcurrent = options.maxConcurrent ?? 2;
    this.#retryAlone = options.retryAlone ?? true;
  }

  load(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled || this.#running >= this.#maxConcurrent || this.#queue.length === 0) return;
    this.#scheduled = true;
    // After the current I/O callbacks: everything that arrived with them joins this batch.
    setImmediate(() => {
      this.#scheduled = false;
      void this.#flush();
    });
  }

  async #flush(): Promise<void> {
    if (this.#running >= this.#maxConcurrent || this.#queue.length === 0) return;
    const batch = this.#queue.splice(0, this.#maxBatch);
    this.#running++;
    try {
      await this.#settle(batch);
    } finally {
      this.#running--;
      this.#schedule();
    }
  }

  async #settle(batch: Waiting<I, O>[]): Promise<void> {
    let results: O[];
    try {
      results = await this.run(batch.map((w) => w.item));
    } catch (err) {
      if (batch.length === 1 || !this.#retryAlone) {
        for (const w of batch) w.reject(err);
        return;
      }
      await Promise.all(batch.map((w) => this.#settle([w])));
      return;
    }
    batch.forEach((w, i) => w.resolve(results[i]!));
  }
}
