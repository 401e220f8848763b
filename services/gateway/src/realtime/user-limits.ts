import type { Cache } from '@honne/service-kit';

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

type Scripted = Redis & { rtSocketClaim(key: string, member: string, now: number, max: number): Promise<string[]> };

const socketsKey = (userId: string) => `rt:user-sockets:${userId}`;
const commandsKey = (userId: string) => `rt:user-commands:${userId}`;

export class SharedUserLimits {
  readonly #redis: Scripted;

  constructor(redis: Redis) {
    if (!('rtSocketClaim' in redis)) redis.defineCommand('rtSocketClaim', { lua: CLAIM, numberOfKeys: 1 });
    this.#redis = redis as Scripted;
  }

  /** Counts a new socket; answers the members (of any instance) that must close to keep the cap. */
  claim(userId: string, member: string, now: number, max: number): Promise<string[]> {
    return this.#redis.rtSocketClaim(socketsKey(userId), member, now, max);
  }

  async release(userId: string, member: string): Promise<void> {
    await this.#redis.zrem(socketsKey(userId), member);
  }

  /** One command of the user's minute (a window from their first); answers the count so far. */
  async command(userId: string, windowSeconds: number): Promise<number> {
    const [[, count]] = (await this.#redis
      .multi()
      .incr(commandsKey(userId))
      .expire(commandsKey(userId), windowSeconds, 'NX')
      .exec()) as [[unknown, number]];
    return count;
  }
}
