import type { EventDef, events, EventPayload } from '@honne/contracts/events';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { IDENTITY_HEADERS } from './auth.ts';
import type { Bus, Subscription } from './bus.ts';
import type { Cache } from './cache.ts';
import type { Clock } from './clock.ts';
import type { BaseConfig } from './config.ts';
import { dropSchema, openDatabase } from './db.ts';
import { parseS3Url, S3Objects } from './objects.ts';
import { requireOrSkip, type InfraMode } from './testing-infra.ts';

// What every service's test harness does the same way: act as the gateway, let the bus settle,
// make users through accounts' profile event, and leave a shared PostgreSQL as it found it.

/** The headers the gateway puts on a signed-in user's request (a session id of `s-<user>` by default). */
export const identityHeaders = (who: { userId: string; sessionId?: string }, internalToken: string) => ({
  [IDENTITY_HEADERS.userId]: who.userId,
  [IDENTITY_HEADERS.sessionId]: who.sessionId ?? `s-${who.userId}`,
  [IDENTITY_HEADERS.internalToken]: internalToken,
});

/**
 * What a test gives a service it starts: the suite's bus, cache and clock, PGlite in memory unless
 * the run has PostgreSQL, and a schema of the service's own (so services side by side never share tables).
 */
export function testOverrides(mode: InfraMode, infra: { bus: Bus; cache: Cache }, clock: Clock, schema: string) {
  return { bus: infra.bus, cache: infra.cache, clock, inMemoryDb: !mode.databaseUrl, schema };
}

/** Bus deliveries so far, settled (on NATS a delivery crosses the network and may trigger another). */
export async function settleBus(bus: Bus): Promise<void> {
  await bus.flush();
  await new Promise((r) => setTimeout(r, bus.kind === 'nats' ? 100 : 5));
  await bus.flush();
}

/**
 * Accounts' profile event for the `n`-th user of a suite: the same card in every suite unless a
 * field is given, each a millisecond newer than the last so read models keep the newest.
 */
export function testProfile(
  userId: string,
  n: number,
  clock: Clock,
  profile: Partial<EventPayload<typeof events.userProfileUpdated>> = {},
): EventPayload<typeof events.userProfileUpdated> {
  return {
    user_id: userId,
    email_id: userId,
    user_name: `ユーザー${n}`,
    profile_image: `/api/v1/users/avatars/female/${n}.svg`,
    gender: '2',
    age_id: 3,
    area_id: 14,
    max_point_for_chatting: 100,
    max_point_for_a_call: 200,
    updated_at: new Date(clock.now().getTime() + n).toISOString(),
    ...profile,
  };
}

/** Drops the suites' schemas from a shared PostgreSQL (PGlite in memory goes with its service). */
export async function dropTestSchemas(
  config: Pick<BaseConfig, 'databaseUrl' | 'dataDir'>,
  schemas: string[],
): Promise<void> {
  if (!config.databaseUrl) return;
  for (const schema of schemas) {
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, schema });
    await dropSchema(db);
    await db.close();
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Requests to a service as the gateway would send them for `who` (none: no identity). The app is
 * asked for at each request, so a harness that restarts its service keeps one requester.
 */
export function requestAs(app: () => Pick<FastifyInstance, 'inject'>, internalToken: string) {
  return (
    method: Method,
    url: string,
    who?: { userId: string; sessionId?: string },
    payload?: object,
  ): Promise<LightMyRequestResponse> =>
    app().inject({
      method,
      url,
      headers: who ? identityHeaders(who, internalToken) : {},
      ...(payload ? { payload } : {}),
    });
}

/**
 * Starts a suite's harness before its tests and closes it after them (also when a test failed);
 * tests read the started harness as `.h`.
 */
export function harnessForSuite<H extends { close(): Promise<void> }>(start: () => Promise<H>): { readonly h: H } {
  const suite: { h: H | undefined } = { h: undefined };
  beforeAll(async () => {
    suite.h = await start();
  });
  afterAll(async () => {
    await suite.h?.close();
  });
  return suite as { h: H };
}

/**
 * For a suite about where uploads live: opens the service's harness before the suite and, where
 * S3_URL is set beside the real infrastructure, an independent client on the same bucket under the
 * service's prefix (`chat/`), to see what the service left there; closes both after. `s3` says
 * whether this run has the store (with CI=true a real run without one fails, as `requireOrSkip`).
 */
export function harnessWithObjectStore<H extends { close(): Promise<void> }>(
  mode: InfraMode,
  prefix: string,
  start: (mode: InfraMode) => Promise<H>,
): { readonly s3: boolean; readonly h: H; readonly store: S3Objects | undefined } {
  const s3 =
    mode.name === 'real' && requireOrSkip('object storage (S3_URL) beside the real infrastructure', !!mode.s3Url);
  const suite = harnessForSuite(() => start(mode));
  let store: S3Objects | undefined;
  beforeAll(() => {
    if (s3) store = new S3Objects(parseS3Url(mode.s3Url!), prefix);
  });
  afterAll(() => store?.close());
  return {
    s3,
    get h() {
      return suite.h;
    },
    get store() {
      return store;
    },
  };
}

/**
 * A read-model rebuild needs NATS (ADR 0007: the owners answer its pages over the bus): on the
 * embedded bus it must refuse clearly and remove nothing, here the one user the harness made.
 */
export function describeRebuildNeedsNats<
  Ctx extends { db: unknown },
  H extends { ctx: Ctx; close(): Promise<void>; user(): Promise<{ userId: string }> },
>(
  service: string,
  owners: string,
  start: (mode: InfraMode) => Promise<H>,
  rebuild: (ctx: Ctx) => Promise<unknown>,
  heldUserIdsPage: (db: Ctx['db'], after: null, limit: number) => Promise<string[]>,
): void {
  describe(`${service}’s rebuild without NATS`, () => {
    it(`refuses clearly and removes nothing: ${owners} over the bus`, async () => {
      const h = await start({ name: 'embedded' });
      try {
        const someone = await h.user();
        await expect(rebuild(h.ctx)).rejects.toThrow('rebuild needs NATS_URL');
        expect(await heldUserIdsPage(h.ctx.db, null, 10)).toEqual([someone.userId]);
      } finally {
        await h.close();
      }
    });
  });
}

/**
 * Everything the bus carries of the given kinds, by name, as gateways and other services receive it;
 * on NATS the subscriptions are flushed first, so nothing published after this returns is missed.
 */
export async function recordEvents<D extends Record<string, EventDef>>(
  bus: Bus,
  defs: D,
): Promise<{ seen: { [K in keyof D]: EventPayload<D[K]>[] }; subscriptions: Subscription[] }> {
  const seen = {} as { [K in keyof D]: EventPayload<D[K]>[] };
  const subscriptions = Object.entries(defs).map(([name, def]) => {
    const list: EventPayload<EventDef>[] = [];
    (seen as Record<string, unknown[]>)[name] = list;
    return bus.subscribe(def, (e) => void list.push(e));
  });
  if (bus.kind === 'nats') await bus.flush();
  return { seen, subscriptions };
}
