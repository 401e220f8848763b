import { Redis, type Command } from 'ioredis';

import { Batcher } from './batch.ts';
import { inChildSpan, SpanKind, tracingOn } from './tracing.ts';

/**
 * The one cache API: sessions, per-user real-time sequences and their replay logs, rate-limit
 * counters. Redis when REDIS_URL is set, otherwise an in-memory map with the same semantics.
 */
export interface Cache {
  readonly kind: 'redis' | 'memory';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  del(key: string): Promise<void>;
  incr(key: string): Promise<number>;
  /** Counts up and, on the first count, sets the TTL: a fixed window counter. */
  incrWindow(key: string, ttlSeconds: number): Promise<number>;
  /**
   * Takes the next number `n` of `counterKey` and, in the same atomic step, appends `head + n + tail`
   * at score `n` to the sorted log `logKey`, keeping its newest `maxLength` and renewing its TTL.
   * One round trip, so numbering and logging cannot come apart. Returns `n`.
   */
  logAppendNext(
    counterKey: string,
    logKey: string,
    entry: { head: string; tail: string },
    maxLength: number,
    ttlSeconds: number,
  ): Promise<number>;
  /** Values with a score strictly above `after`, in score order. */
  logAfter(key: string, after: number): Promise<string[]>;
  /**
   * A set whose members expire one by one: adds `member` to `key`, or renews it, for `ttlSeconds`.
   * On Redis its clock decides, so instances whose clocks differ agree on what has expired.
   */
  memberRenew(key: string, member: string, ttlSeconds: number): Promise<void>;
  memberRemove(key: string, member: string): Promise<void>;
  /** How many members of `key` have not expired. */
  liveMembers(key: string): Promise<number>;
  ping(): Promise<void>;
  /**
   * Calls `listener(false)` when the connection to Redis is lost and `listener(true)` when it is
   * ready again (never in memory). The gateway tells the open sockets, so the app can say so.
   */
  onAvailability(listener: (up: boolean) => void): void;
  close(): Promise<void>;
  /** The Redis client for libraries that take one (rate limiting); undefined in memory mode. */
  readonly redis: Redis | undefined;
}

interface MemoryEntry {
  value: string;
  expiresAt: number | undefined;
}

export class MemoryCache implements Cache {
  readonly kind = 'memory' as const;
  readonly redis = undefined;
  #values = new Map<string, MemoryEntry>();
  #logs = new Map<string, { items: { score: number; value: string }[]; expiresAt: number }>();
  /** Sets of expiring members: member → when it expires (ms). */
  #members = new Map<string, Map<string, number>>();

  async get(key: string): Promise<string | null> {
    return this.#read(key);
  }

  /** The live value, read in the same turn as whatever the caller writes next (see `incr`). */
  #read(key: string): string | null {
    const entry = this.#values.get(key);
    if (!entry) return null;
    if (entry.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      this.#values.delete(key);
      return null;
    }
    return entry.value;
  }

  async set(key: string, value: string, ttlSeconds?: number): Promise<void> {
    this.#values.set(key, { value, expiresAt: ttlSeconds ? Date.now() + ttlSeconds * 1000 : undefined });
  }

  async del(key: string): Promise<void> {
    this.#values.delete(key);
    this.#logs.delete(key);
    this.#members.delete(key);
  }

  async incr(key: string): Promise<number> {
    // Read and written with no await between, as Redis's INCR is atomic: two events for one user
    // numbered in the same turn once took the same seq, and the gateway dropped the second as seen.
    const next = Number(this.#read(key) ?? '0') + 1;
    const expiresAt = this.#values.get(key)?.expiresAt;
    this.#values.set(key, { value: String(next), expiresAt });
    return next;
  }

  async incrWindow(key: string, ttlSeconds: number): Promise<number> {
    const next = await this.incr(key);
    if (next === 1) this.#values.get(key)!.expiresAt = Date.now() + ttlSeconds * 1000;
    return next;
  }

  async logAppendNext(
    counterKey: string,
    logKey: string,
    entry: { head: string; tail: string },
    maxLength: number,
    ttlSeconds: number,
  ): Promise<number> {
    const n = await this.incr(counterKey);
    const log = this.#liveLog(logKey) ?? { items: [], expiresAt: 0 };
    // Numbers only grow, so the new entry goes last.
    log.items.push({ score: n, value: entry.head + n + entry.tail });
    if (log.items.length > maxLength) log.items.splice(0, log.items.length - maxLength);
    log.expiresAt = Date.now() + ttlSeconds * 1000;
    this.#logs.set(logKey, log);
    return n;
  }

  async logAfter(key: string, after: number): Promise<string[]> {
    return (this.#liveLog(key)?.items ?? []).filter((i) => i.score > after).map((i) => i.value);
  }

  async memberRenew(key: string, member: string, ttlSeconds: number): Promise<void> {
    let set = this.#members.get(key);
    if (!set) this.#members.set(key, (set = new Map()));
    set.set(member, Date.now() + ttlSeconds * 1000);
  }

  async memberRemove(key: string, member: string): Promise<void> {
    const set = this.#members.get(key);
    if (set?.delete(member) && set.size === 0) this.#members.delete(key);
  }

  async liveMembers(key: string): Promise<number> {
    const set = this.#members.get(key);
    if (!set) return 0;
    const now = Date.now();
    for (const [member, expiresAt] of set) if (expiresAt <= now) set.delete(member);
    if (set.size === 0) this.#members.delete(key);
    return set.size;
  }

  async ping(): Promise<void> {}
  onAvailability(): void {
    // In memory: never away.
  }
  async close(): Promise<void> {
    this.#values.clear();
    this.#logs.clear();
    this.#members.clear();
  }

  #liveLog(key: string) {
    const log = this.#logs.get(key);
    if (log && log.expiresAt <= Date.now()) {
      this.#logs.delete(key);
      return undefined;
    }
    return log;
  }
}

/**
 * Numbered appends for many logs at once. KEYS: counter₁, log₁, counter₂, log₂, …; ARGV per pair:
 * head, tail, maxLength, ttlSeconds. Returns the numbers, in order.
 */
const LOG_APPEND_NEXT = `
local out = {}
for i = 1, #KEYS / 2 do
  local n = redis.call('INCR', KEYS[2 * i - 1])
  local log = KEYS[2 * i]
  local a = (i - 1) * 4
  redis.call('ZADD', log, n, ARGV[a + 1] .. n .. ARGV[a + 2])
  redis.call('ZREMRANGEBYRANK', log, 0, -(tonumber(ARGV[a + 3]) + 1))
  redis.call('EXPIRE', log, ARGV[a + 4])
  out[i] = n
end
return out`;

/** Redis's own clock in milliseconds, inside a script. */
const NOW_MS = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/**
 * KEYS: the set; ARGV: member, ttlSeconds. Drops expired members, adds or renews this one with its
 * expiry as score, and lets the key itself go when its last member would have.
 */
const MEMBER_RENEW = `${NOW_MS}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]) * 1000, ARGV[1])
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
redis.call('PEXPIREAT', KEYS[1], last[2])`;

/** KEYS: the set. Members whose expiry is still ahead. */
const LIVE_MEMBERS = `${NOW_MS}
return redis.call('ZCOUNT', KEYS[1], '(' .. now, '+inf')`;

interface NumberedAppend {
  counterKey: string;
  logKey: string;
  head: string;
  tail: string;
  maxLength: number;
  ttlSeconds: number;
}

type ScriptedRedis = Redis & {
  logAppendNext(numKeys: number, ...keysThenArgs: (string | number)[]): Promise<number[]>;
  memberRenew(key: string, member: string, ttlSeconds: number): Promise<unknown>;
  liveMembers(key: string): Promise<number>;
};

export class RedisCache implements Cache {
  readonly kind = 'redis' as const;
  /** Every real-time event takes a number and a log entry: those of one turn go in one script call. */
  readonly #appends: Batcher<NumberedAppend, number>;
  #closing = false;

  constructor(readonly redis: Redis) {
    traceCommands(redis);
    redis.defineCommand('logAppendNext', { lua: LOG_APPEND_NEXT });
    redis.defineCommand('memberRenew', { lua: MEMBER_RENEW, numberOfKeys: 1 });
    redis.defineCommand('liveMembers', { lua: LIVE_MEMBERS, numberOfKeys: 1 });
    const scripted = redis as ScriptedRedis;
    this.#appends = new Batcher(
      (items) =>
        scripted.logAppendNext(
          items.length * 2,
          ...items.flatMap((i) => [i.counterKey, i.logKey]),
          ...items.flatMap((i) => [i.head, i.tail, i.maxLength, i.ttlSeconds]),
        ),
      // A failed call may have numbered some events already: retrying could number them twice.
      { maxBatch: 100, maxConcurrent: 1, retryAlone: false },
    );
  }

  static async connect(url: string, keyPrefix = 'honne:', onError?: (err: Error) => void): Promise<RedisCache> {
    // Commands issued in the same tick share one write: under load, many messages' events cost
    // one round trip instead of one each.
    const redis = new Redis(url, { keyPrefix, lazyConnect: true, maxRetriesPerRequest: 3, enableAutoPipelining: true });
    // While Redis is away ioredis reconnects by itself and reports each failed try here; a lost
    // connection is said once, not once per try.
    let down = false;
    redis.on('error', (err: Error) => {
      if (!down) onError?.(err);
      down = true;
    });
    redis.on('ready', () => (down = false));
    await redis.connect();
    return new RedisCache(redis);
  }

  get(key: string) {
    return this.redis.get(key);
  }
  async set(key: string, value: string, ttlSeconds?: number) {
    if (ttlSeconds) await this.redis.set(key, value, 'EX', ttlSeconds);
    else await this.redis.set(key, value);
  }
  async del(key: string) {
    await this.redis.del(key);
  }
  incr(key: string) {
    return this.redis.incr(key);
  }
  async incrWindow(key: string, ttlSeconds: number) {
    const [[, count]] = (await this.redis.multi().incr(key).expire(key, ttlSeconds, 'NX').exec()) as [
      [unknown, number],
    ];
    return count;
  }
  logAppendNext(
    counterKey: string,
    logKey: string,
    entry: { head: string; tail: string },
    maxLength: number,
    ttlSeconds: number,
  ) {
    return this.#appends.load({ counterKey, logKey, ...entry, maxLength, ttlSeconds });
  }
  logAfter(key: string, after: number) {
    return this.redis.zrangebyscore(key, `(${after}`, '+inf');
  }
  async memberRenew(key: string, member: string, ttlSeconds: number) {
    await (this.redis as ScriptedRedis).memberRenew(key, member, ttlSeconds);
  }
  async memberRemove(key: string, member: string) {
    await this.redis.zrem(key, member);
  }
  liveMembers(key: string) {
    return (this.redis as ScriptedRedis).liveMembers(key);
  }
  async ping() {
    await this.redis.ping();
  }
  onAvailability(listener: (up: boolean) => void) {
    // 'close' comes once per lost connection (the reconnect tries that fail say 'error'), 'ready'
    // once it is usable again; our own quit() ends with 'end', which is no outage.
    let up = this.redis.status === 'ready';
    const set = (next: boolean) => {
      if (next === up) return;
      up = next;
      listener(next);
    };
    this.redis.on('close', () => {
      if (this.redis.status !== 'end' && !this.#closing) set(false);
    });
    this.redis.on('ready', () => set(true));
  }
  async close() {
    this.#closing = true;
    await this.redis.quit();
  }
}

export async function openCache(redisUrl: string | undefined, onError?: (err: Error) => void): Promise<Cache> {
  return redisUrl ? RedisCache.connect(redisUrl, undefined, onError) : new MemoryCache();
}

/**
 * One client span per Redis command inside a trace (issue 29), by wrapping this client's
 * `sendCommand`, which every command, script and pipeline flush passes: the ioredis
 * instrumentation patches `require`, which finds nothing in our bundles (ADR 0029). The key is
 * left out: it names sessions and users. Off, one boolean check per command.
 */
function traceCommands(redis: Redis): void {
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = ((command: Command, stream?: Parameters<Redis['sendCommand']>[1]) => {
    if (!tracingOn()) return send(command, stream);
    const operation = command.name.toUpperCase();
    return inChildSpan(
      `redis ${operation}`,
      SpanKind.CLIENT,
      { 'db.system': 'redis', 'db.operation.name': operation },
      () => send(command, stream),
    );
  }) as Redis['sendCommand'];
}
