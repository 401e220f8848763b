import { events, type EventPayload } from '@honne/contracts/events';
import { serviceQueue, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { addressHash } from '../domain/banned-addresses.ts';
import { banAddresses, liftRestrictions, releaseAddresses, saveRestriction } from '../db/repos/restrictions.ts';
import { familyOf, findById } from '../db/repos/users.ts';
import { blockPerson } from '../domain/blocks.ts';
import { endAllSessions } from '../domain/sessions.ts';

/**
 * A moderator's action on a person (the moderation service): a suspension or ban is recorded, so
 * none of their characters can sign in, and every session of every character ends now (the
 * gateways close their sockets on the revocations). A lift removes it. Mutes are recorded only:
 * posting, chatting and calling enforce them (not yet).
 */
export async function applyRestriction(
  ctx: AppContext,
  e: EventPayload<typeof events.personRestricted>,
): Promise<void> {
  // Frozen points are the points service's alone (ADR 0030): sign-in and sessions are untouched.
  if (e.restriction === 'freeze' || e.restriction === 'unfreeze') return;
  const at = new Date(e.at);
  if (e.restriction === 'lift') {
    await liftRestrictions(ctx.db, e.person_id, at);
    await releaseAddresses(ctx.db, e.person_id);
    return;
  }
  await saveRestriction(ctx.db, {
    person_id: e.person_id,
    restriction: e.restriction,
    until: e.until ? new Date(e.until) : null,
    event_id: e.event_id,
    at,
  });
  if (e.restriction === 'mute') return;
  const family = await familyOf(ctx.db, e.person_id);
  // A banned person may not come back with a new account on the same address.
  if (e.restriction === 'ban') {
    const addresses = new Set(family.map((u) => u.email).filter((m) => m.includes('@')));
    await banAddresses(
      ctx.db,
      e.person_id,
      [...addresses].map((m) => addressHash(ctx, m)),
      at,
    );
  }
  const characters = new Set([...e.user_ids, ...family.map((u) => u.id)]);
  for (const userId of characters) await endAllSessions(ctx, userId, 'restricted');
}

export const onPersonRestricted = (ctx: AppContext): Subscription =>
  ctx.bus.subscribe(events.personRestricted, (e) => applyRestriction(ctx, e), serviceQueue(ctx));

/** A report from inside a named call: the reporter blocks the person (an anonymous room's is chat's). */
export const onCallReported = (ctx: AppContext): Subscription =>
  ctx.bus.subscribe(
    events.callReported,
    async (e) => {
      if (e.anonymous || !(await findById(ctx.db, e.reported_id))) return;
      await blockPerson(ctx, e.reporter_id, e.reported_id);
    },
    serviceQueue(ctx),
  );
