import { events, requests } from '@honne/contracts/events';
import { serviceQueue, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { upsertPerson } from '../db/repos/people.ts';
import { onCardChanged } from '../moderation/age.ts';
import { currentLists } from '../moderation/filter-lists.ts';
import { onMessageFiltered, onTextFlagged, onVoiceFiltered } from '../moderation/held.ts';
import { onPointsGranted } from '../moderation/operator-api.ts';
import { onRoomReported, onUserReported, onVoiceReported } from '../moderation/reports.ts';

/** Bus subscribers of this service (queue group: the service's name, `serviceQueue`). */
export function subscribeAll(ctx: AppContext): Subscription[] {
  const q = serviceQueue(ctx);
  const card = async (e: { user_id: string; email_id: string; age_id?: number | null }, at: string) => {
    await upsertPerson(ctx.db, {
      user_id: e.user_id,
      person_id: e.email_id,
      age_id: e.age_id ?? null,
      updated_at: new Date(at),
    });
    // A declared age group may change the person's age-assurance state (ADR 0031).
    await onCardChanged(ctx, e.email_id);
  };
  return [
    ctx.bus.subscribe(events.userProfileUpdated, (e) => card(e, e.updated_at), q),
    // Registration carries no age: it never overwrites a card (its time is the oldest possible).
    ctx.bus.subscribe(events.userRegistered, (e) => card(e, new Date(0).toISOString()), q),
    ctx.bus.subscribe(events.userReported, async (e) => void (await onUserReported(ctx, e)), q),
    ctx.bus.subscribe(events.voiceReported, async (e) => void (await onVoiceReported(ctx, e)), q),
    ctx.bus.subscribe(events.roomReported, async (e) => void (await onRoomReported(ctx, e)), q),
    ctx.bus.subscribe(events.chatMessageFiltered, async (e) => void (await onMessageFiltered(ctx, e)), q),
    // Every grant's audit entry, from points' outbox (ADR 0034): console, API key and CLI alike.
    ctx.bus.subscribe(events.pointsGranted, (e) => onPointsGranted(ctx, e), q),
    ctx.bus.subscribe(events.voiceFiltered, async (e) => void (await onVoiceFiltered(ctx, e)), q),
    ctx.bus.subscribe(events.themeTextFlagged, async (e) => void (await onTextFlagged(ctx, e)), q),
    ctx.bus.subscribe(events.profileTextFlagged, async (e) => void (await onTextFlagged(ctx, e)), q),
    // Every instance that filters text asks for the lists at start and after a missed change.
    ctx.bus.respond(requests.filterLists, (r) => currentLists(ctx, r.known_version), { queue: q.queue }),
  ];
}
