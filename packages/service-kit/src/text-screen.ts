import { randomUUID } from 'node:crypto';

import type { FieldErrors } from '@honne/contracts';
import type { EventPayload, events } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { DEFAULT_LIST, TextFilter, findContacts, type ContactKind, type ListEntry } from '@honne/text-filter';

import { fieldErrors } from './errors.ts';
import type { LiveFilterLists } from './filter-lists.ts';
import { productCounter } from './metrics.ts';

// What people write, screened where it is stored (issue 28): every service that keeps user text
// calls `screenText` with the fields it is about to store. One compiled filter per process, shared
// by the services an embedded start runs together, until the service's own `LiveFilterLists`
// (filter-lists.ts: the lists operators keep, global and per theme) is passed as `lists`.

let filter = TextFilter.compile(DEFAULT_LIST);

/** What the filter did, by action (refuse, hold, mask, flag) and by contact kind: never the text or the term. */
const filterHits = productCounter('honne_filter_hits_total', 'Texts the filter acted on, by action', ['action']);
const contactHits = productCounter('honne_contact_guard_hits_total', 'Contact details refused, by kind', ['kind']);

export function useFilterLists(entries: readonly ListEntry[]): void {
  filter = TextFilter.compile(entries);
}

export interface Screened<F extends string> {
  /** The fields as they may be stored: masked words replaced by ＊. */
  fields: Record<F, string>;
  /** Entries that asked for a moderator's look (hold, flag), for the caller to queue. */
  flagged: { field: F; entry: string; action: 'hold' | 'flag' }[];
}

/**
 * Checks each field against the lists. A refused word answers 403 with the field's Japanese message
 * (nothing is stored); masked words come back as ＊. `hold` is refused too (it must not be
 * delivered; its message says a moderator would have to look) unless the caller can keep the text undelivered for a moderator (`canHold`: chat
 * messages, ADR 0028; voices, ADR 0037); `flag` is delivered, and both come back in `flagged` for the caller to queue.
 */
export function screenText<F extends string>(
  fields: Partial<Record<F, string | null | undefined>>,
  context: { theme?: string | undefined; lists?: LiveFilterLists | undefined; canHold?: boolean } = {},
): Screened<F> {
  const current = context.lists?.filter ?? filter;
  const out = {} as Record<F, string>;
  const errors: FieldErrors = {};
  const flagged: Screened<F>['flagged'] = [];
  for (const [field, value] of Object.entries(fields) as [F, string | null | undefined][]) {
    if (typeof value !== 'string' || value === '') continue;
    const result = current.check(value, { theme: context.theme });
    if (result.action !== 'pass') filterHits.inc({ action: result.action });
    if (result.action === 'refuse') errors[field] = messages.textRefused;
    // Where nothing can wait unshown for a moderator, a hold word is refused, saying why (ADR 0037).
    else if (result.action === 'hold' && !context.canHold) errors[field] = messages.textNeedsReview;
    for (const m of result.matches) {
      if (m.action === 'hold' || m.action === 'flag') flagged.push({ field, entry: m.entry, action: m.action });
    }
    out[field] = result.masked;
  }
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  return { fields: out, flagged };
}

/**
 * What the caller queues for a moderator, or nothing: `hold` when any entry held (the text waits
 * undelivered), else `flag` (delivered), with each entry once.
 */
export function moderatorLook(
  flagged: Screened<string>['flagged'],
): { action: 'hold' | 'flag'; entries: string[] } | undefined {
  if (flagged.length === 0) return undefined;
  return {
    action: flagged.some((f) => f.action === 'hold') ? 'hold' : 'flag',
    entries: [...new Set(flagged.map((f) => f.entry))],
  };
}

/**
 * The queue item for a name or profile text saved with a `flag` entry (ADR 0037), for the caller to
 * queue in the transaction that saves it; none when nothing was flagged. `texts` are as written.
 */
export function flaggedText(
  flagged: Screened<string>['flagged'],
  about: Pick<EventPayload<typeof events.profileTextFlagged>, 'user_id' | 'where' | 'ref' | 'texts'>,
  at: Date,
): EventPayload<typeof events.profileTextFlagged> | undefined {
  const look = moderatorLook(flagged);
  if (!look) return undefined;
  const texts = Object.fromEntries(
    Object.entries(about.texts).filter(([field]) => flagged.some((f) => f.field === field)),
  );
  return { event_id: randomUUID(), ...about, texts, entries: look.entries, at: at.toISOString() };
}

/**
 * The contact-exchange guard: in a 1:1 chat, phone numbers, e-mail addresses, SNS IDs, URLs and
 * plans to meet are refused, with a message that says why, unless the age-assurance policy allows
 * the pair (`allowed`: `contactAllowedBetween`, age-states.ts; by default both verified adults, ADR 0031).
 * The counter counts refusals only, by kind.
 */
export async function guardContacts(
  field: string,
  text: string,
  /** Asked only when the text holds contact details: most messages never look the pair up. */
  allowed: () => Promise<boolean> = () => Promise.resolve(false),
): Promise<ContactKind[]> {
  const found = findContacts(text).map((c) => c.kind);
  if (found.length === 0 || (await allowed())) return [];
  for (const kind of new Set(found)) contactHits.inc({ kind });
  throw fieldErrors({ [field]: messages.contactRefused });
}
