import { Batcher, type Cache } from '@honne/service-kit';

type Redis = NonNullable<Cache['redis']>;

/**
 * The per-user limits of the real-time socket, counted over every gateway instance when there is
 * Redis (issue 25: counted in each process's memory, N instances allowed N times the cap). Without
 * Redis there is one instance, and the hub's own counts are exact.
 */

/**
 * KEYS: the user's socket set. ARGV: member, now (ms), max. Adds the socket at its connect time and
 * answers the oldest members past `max`, removed in the same step, so two instances accepting at once
 * cannot both keep theirs. The set lives a day past its last socket (a crashed instance's members
 * are the oldest, so they are the first to make way).
 */
const CLAIM = `
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('PEXPIRE', KEYS[1], 86400000)
local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[3])
if over <= 0 then return {} end
local out = redis.call('ZRANGE', KEYS[1], 0, over - 1)
redis.call('ZREM', KEYS[1], unpack(out))
return out`;

/**
 * KEYS: users' command counters, a user once or more. ARGV: the window in seconds, then what to add
 * to each key. Adds each amount in turn and answers each key's count after it, in order.
 */
const COUNT_COMMANDS = `
local counts = {}
for i, key in ipairs(KEYS) do
  counts[i] = redis.call('INCRBY', key, ARGV[i + 1])
  redis.call('EXPIRE', key, ARGV[1], 'NX')
end
return counts`;

type Scripted = Redis & {
  rtSocketClaim(key: string, member: string, now: number, max: number): Promise<string[]>;
  rtCountCommands(keys: number, ...args: (string | number)[]): Promise<number[]>;
};

const socketsKey = (userId: string) => `rt:user-sockets:${userId}`;
const commandsKey = (userId: string) => `rt:user-commands:${userId}`;

/** How often commands let through on this instance's word are added to the shared count. */
const FLUSH_MS = 100;

/**
 * The command budget over every instance, without a Redis round trip per command (issue 32: one per
 * command cost the gateway a quarter of its CPU per message). When the user's count this instance
 * last heard (within the window) is `margin` below the limit, their command goes on this instance's
 * word, one per flush: it is added to the shared count within FLUSH_MS, and the answer tells this
 * instance the count again. Otherwise the command waits for its own count from Redis (with whatever
 * this instance let through before it), as every command did before.
 *
 * The limit still holds over every instance: each instance holds at most one command of a user not yet
 * in the shared count, and a user's sockets sit on at most `maxSockets` instances, so a count from
 * Redis lets a command through only while `maxSockets − 1` places are left for what the others may
 * hold; and a count heard long ago lets at most one command through before it is heard again. With a
 * limit no bigger than the margin nothing goes on an instance's word and the edge is the limit.
 */
class CommandBudget {
  readonly #known = new Map<string, { count: number; at: number }>();
  #forgotAt = 0;
  /** Let through on this instance's word, not yet added to the shared count (one per user at most). */
  readonly #pending = new Set<string>();
  /** Those on their way to the shared count: still unseen by the others, so still one per user. */
  readonly #sending = new Set<string>();
  readonly #exact: Batcher<string, number>;
  readonly #margin: number;
  readonly #edge: number;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly redis: Scripted,
    private readonly windowSeconds: number,
    private readonly max: number,
    maxSockets: number,
  ) {
    this.#margin = Math.max(8, Math.ceil(max / 10));
    this.#edge = max <= this.#margin ? max : max - (maxSockets - 1);
    // Never retried one by one: a failed call may have counted.
    this.#exact = new Batcher((userIds) => this.#count(userIds, 1), { retryAlone: false });
  }

  /** Whether one more command of the user's minute is allowed; counts it either way. */
  allow(userId: string): boolean | Promise<boolean> {
    const known = this.#known.get(userId);
    if (
      known &&
      !this.#pending.has(userId) &&
      !this.#sending.has(userId) &&
      Date.now() - known.at < this.windowSeconds * 1000 &&
      known.count + 1 <= this.max - this.#margin
    ) {
      this.#pending.add(userId);
      // A lost Redis loses these counts rather than stopping commands (as the exact path skips on error).
      if (!this.#timer) this.#timer = setTimeout(() => this.flush().catch(() => undefined), FLUSH_MS).unref();
      return true;
    }
    return this.#exact.load(userId).then((count) => count <= this.#edge);
  }

  /** Adds what was let through on this instance's word to the shared count. */
  async flush(): Promise<void> {
    this.#timer = undefined;
    const userIds = [...this.#pending];
    if (userIds.length === 0) return;
    await this.#count(userIds, 0);
  }

  /**
   * Adds each user's command let through unseen, if any, plus `each` per place in the list (the
   * commands waiting for their own count), and learns the counts: one answered per place, in order.
   */
  async #count(userIds: string[], each: 0 | 1): Promise<number[]> {
    const taken = new Set<string>();
    const amounts = userIds.map((id) => {
      if (taken.has(id) || !this.#pending.delete(id)) return each;
      taken.add(id);
      this.#sending.add(id);
      return each + 1;
    });
    try {
      const counts = await this.redis.rtCountCommands(
        userIds.length,
        ...userIds.map(commandsKey),
        this.windowSeconds,
        ...amounts,
      );
      const at = Date.now();
      userIds.forEach((id, i) => this.#known.set(id, { count: counts[i]!, at }));
      // Counts older than the window decide nothing: forget them, once a window.
      const windowMs = this.windowSeconds * 1000;
      if (at - this.#forgotAt > windowMs) {
        this.#forgotAt = at;
        for (const [id, k] of this.#known) if (k.at < at - windowMs) this.#known.delete(id);
      }
      return counts;
    } finally {
      for (const id of taken) this.#sending.delete(id);
    }
  }
}

export class SharedUserLimits {
  readonly #redis: Scripted;
  readonly #commands: CommandBudget;

  constructor(redis: Redis, commands: { windowSeconds: number; max: number; maxSockets: number }) {
    if (!('rtSocketClaim' in redis)) redis.defineCommand('rtSocketClaim', { lua: CLAIM, numberOfKeys: 1 });
    if (!('rtCountCommands' in redis)) redis.defineCommand('rtCountCommands', { lua: COUNT_COMMANDS });
    this.#redis = redis as Scripted;
    this.#commands = new CommandBudget(this.#redis, commands.windowSeconds, commands.max, commands.maxSockets);
  }

  /** Counts a new socket; answers the members (of any instance) that must close to keep the cap. */
  claim(userId: string, member: string, now: number, max: number): Promise<string[]> {
    return this.#redis.rtSocketClaim(socketsKey(userId), member, now, max);
  }

  async release(userId: string, member: string): Promise<void> {
    await this.#redis.zrem(socketsKey(userId), member);
  }

  /** Whether the user may send one more command in their minute (a window from their first). */
  allowCommand(userId: string): boolean | Promise<boolean> {
    return this.#commands.allow(userId);
  }

  /** Adds the commands let through since the last flush to the shared count (on shutdown). */
  flush(): Promise<void> {
    return this.#commands.flush();
  }
}
