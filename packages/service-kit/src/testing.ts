import { events, requests, type EventDef, type EventPayload } from '@honne/contracts/events';
import type { FilterEntry } from '@honne/contracts/safety';
import type { Kysely } from 'kysely';

import type { BlocksReadModel } from './blocks.ts';
import type { Bus } from './bus.ts';
import type { LiveFilterLists } from './filter-lists.ts';
import type { RestrictionsReadModel } from './restrictions.ts';

/** Waits until `check` passes (bus deliveries are asynchronous, on NATS across the network). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 5000): Promise<T> {
  const start = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() - start > timeoutMs) throw err;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** Publishes a bus event as its owner service would, then waits until `handled` says it was handled. */
export async function publishAndWait<E extends EventDef>(
  bus: Bus,
  def: E,
  payload: EventPayload<E>,
  handled: () => Promise<unknown>,
): Promise<void> {
  await bus.publish(def, payload);
  await bus.flush();
  await eventually(async () => {
    if (!(await handled())) throw new Error(`${def.subject} not handled yet`);
  });
}

/**
 * Accounts' block event for a service that keeps the kit's blocks read model, once its copy says
 * so. `at` orders it against earlier events (the read model keeps the newest).
 */
export async function publishBlock<DB>(
  bus: Bus,
  db: Kysely<DB>,
  pair: { blocker: string; blocked: string; on: boolean; at: Date },
): Promise<void> {
  await publishAndWait(
    bus,
    events.blockChanged,
    { blocker_id: pair.blocker, blocked_id: pair.blocked, blocked: pair.on, at: pair.at.toISOString() },
    async () =>
      (
        await (db as unknown as Kysely<BlocksReadModel>)
          .selectFrom('blocks')
          .select('blocked')
          .where('blocker_id', '=', pair.blocker)
          .where('blocked_id', '=', pair.blocked)
          .executeTakeFirst()
      )?.blocked === pair.on,
  );
}
/**
 * The moderation service's restriction on a person, for a service that keeps the kit's copy
 * (restrictions.ts), once its copy holds it (or, for a lift, no longer does).
 */
export async function publishRestriction<DB>(
  bus: Bus,
  db: Kysely<DB>,
  r: {
    person_id: string;
    user_ids: string[];
    restriction: EventPayload<typeof events.personRestricted>['restriction'];
    until: Date | null;
    at: Date;
  },
): Promise<void> {
  const event_id = `test-${r.restriction}-${r.at.getTime()}-${Math.random().toString(36).slice(2)}`;
  await publishAndWait(
    bus,
    events.personRestricted,
    { ...r, event_id, until: r.until?.toISOString() ?? null, at: r.at.toISOString() },
    async () => {
      const rows = await (db as unknown as Kysely<RestrictionsReadModel>)
        .selectFrom('person_restrictions')
        .select('event_id')
        .where('person_id', '=', r.person_id)
        .execute();
      return r.restriction === 'lift' ? rows.length === 0 : rows.some((x) => x.event_id === event_id);
    },
  );
}

/**
 * Makes durable publishes fail as on a lost NATS connection (live events still go: they are not
 * kept); the outbox must keep what was queued. Returns the function that restores the bus.
 */
export function cutDurablePublishes(bus: Bus): () => void {
  const publish = bus.publish.bind(bus);
  bus.publish = async (def: EventDef, payload: never, options?: never) => {
    if (def.durable) throw new Error('NATS unreachable');
    return publish(def, payload, options);
  };
  return () => {
    bus.publish = publish;
  };
}

export * from './testing-age.ts';
export * from './testing-harness.ts';
export * from './testing-infra.ts';
export { serviceShellSuite } from './testing-shell.ts';
export {
  accountsStandIn,
  pointsStandIn,
  topicsStandIn,
  userAccountsHas,
  userCard,
  type TopicReply,
  type TransferAsked,
  type UserCard,
} from './testing-stand-ins.ts';

/**
 * Safety's filter lists as a suite without the moderation service needs them (ADR 0028): `entries`
 * (term: action) answered to `safety.filter.lists` under a fresh version, announced, and resolved
 * once `lists` (the service's LiveFilterLists) holds them. The answer then stops: the lists stay.
 */
export async function serveFilterLists(
  bus: Bus,
  lists: LiveFilterLists,
  entries: Record<string, 'refuse' | 'hold' | 'mask' | 'flag'>,
): Promise<void> {
  const at = new Date().toISOString();
  const version = 1_000_000 + Math.floor(Math.random() * 1_000_000);
  const answered: FilterEntry[] = Object.entries(entries).map(([pattern, action], i) => ({
    id: `test-${version}-${i}`,
    kind: 'term',
    pattern,
    action,
    theme: null,
    whole_word: null,
    note: null,
    created_by: 'test',
    created_at: at,
    updated_by: 'test',
    updated_at: at,
  }));
  const sub = bus.respond(requests.filterLists, async () => ({ version, entries: answered }));
  try {
    await bus.flush();
    await bus.publish(events.filterListsChanged, { version });
    await lists.reached(version);
  } finally {
    sub.unsubscribe();
  }
}
