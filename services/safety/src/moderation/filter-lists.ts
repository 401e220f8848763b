import { randomUUID } from 'node:crypto';

import { events } from '@honne/contracts/events';
import { SAFETY_MESSAGES, type FilterEntry, type FilterEntryBody, type FilterLists } from '@honne/contracts/safety';
import { compileLists, fieldErrors, notFound } from '@honne/service-kit';
import { FilterListError, TextFilter } from '@honne/text-filter';

import type { AppContext } from '../context.ts';
import { appendAudit } from '../db/repos/audit.ts';
import {
  bumpFilterVersion,
  deleteFilterEntry,
  filterVersion,
  findFilterEntry,
  insertFilterEntry,
  listFilterEntries,
  updateFilterEntry,
} from '../db/repos/filter-lists.ts';
import type { FilterEntryRow } from '../db/schema/index.ts';

// The filter's lists as operators keep them (ADR 0028). Each change is one transaction: the entry,
// the version raised and the audit entry; then every instance that filters hears of it over the bus
// (`safety.filter.changed`, no queue group) and applies it, or fetches the whole lists when its
// version shows a gap (`safety.filter.lists`, answered here).

export const entryView = (r: FilterEntryRow): FilterEntry => ({
  id: r.id,
  kind: r.kind as FilterEntry['kind'],
  pattern: r.pattern,
  action: r.kind === 'allow' ? null : ((r.action ?? 'refuse') as FilterEntry['action']),
  theme: r.theme,
  whole_word: r.whole_word,
  note: r.note,
  created_by: r.created_by,
  created_at: r.created_at.toISOString(),
  updated_by: r.updated_by,
  updated_at: r.updated_at.toISOString(),
});

/** At start: instances that came up first (on the default list, retrying) fetch the lists now. */
export async function announceLists(ctx: AppContext): Promise<void> {
  const version = await filterVersion(ctx.db);
  await ctx.bus.publish(events.filterListsChanged, { version });
}

export async function currentLists(ctx: AppContext, knownVersion?: number): Promise<FilterLists> {
  // Version and entries in one transaction, so an answer never pairs new entries with an old version.
  return ctx.db.transaction().execute(async (trx) => {
    const version = await filterVersion(trx);
    // An instance's periodic check that is up to date gets the version alone (it keeps its entries).
    if (knownVersion === version) return { version, entries: [] };
    return { version, entries: (await listFilterEntries(trx)).map(entryView) };
  });
}

/** An entry the filter library would refuse (a runaway or too long expression) is refused here, with a message. */
function assertUsable(entry: FilterEntry): void {
  try {
    TextFilter.compile([
      { kind: entry.kind, pattern: entry.pattern, ...(entry.kind !== 'allow' ? { action: entry.action! } : {}) },
    ]);
  } catch (err) {
    if (err instanceof FilterListError) throw fieldErrors({ pattern: SAFETY_MESSAGES.filterEntryInvalid });
    throw err;
  }
}

type Change = { op: 'put'; entry: FilterEntry } | { op: 'remove'; id: string };

async function change(
  ctx: AppContext,
  by: string,
  audit: { action: string; target: string; detail: unknown },
  write: (trx: AppContext['db']) => Promise<Change | undefined>,
): Promise<Change> {
  const now = ctx.clock.now();
  const done = await ctx.db.transaction().execute(async (trx) => {
    const c = await write(trx);
    if (!c) return undefined;
    const version = await bumpFilterVersion(trx);
    await appendAudit(trx, { actor: by, ...audit, detail: { ...(audit.detail as object), version }, at: now });
    return { change: c, version };
  });
  if (!done) throw notFound();
  // After the commit: an instance that misses this (the bus down) catches up at the next change's gap.
  await ctx.bus.publish(events.filterListsChanged, { version: done.version, change: done.change });
  return done.change;
}

const fields = (body: Partial<FilterEntryBody>) => ({
  ...(body.kind !== undefined ? { kind: body.kind } : {}),
  ...(body.pattern !== undefined ? { pattern: body.pattern.trim() } : {}),
  ...(body.action !== undefined ? { action: body.action } : {}),
  ...(body.theme !== undefined ? { theme: body.theme } : {}),
  ...(body.whole_word !== undefined ? { whole_word: body.whole_word } : {}),
  ...(body.note !== undefined ? { note: body.note } : {}),
});

export async function addFilterEntry(ctx: AppContext, by: string, body: FilterEntryBody): Promise<FilterEntry> {
  const now = ctx.clock.now();
  const row: FilterEntryRow = {
    id: randomUUID(),
    kind: body.kind,
    pattern: body.pattern.trim(),
    action: body.kind === 'allow' ? null : (body.action ?? 'refuse'),
    theme: body.theme ?? null,
    whole_word: body.whole_word ?? null,
    note: body.note ?? null,
    created_by: by,
    created_at: now,
    updated_by: by,
    updated_at: now,
  };
  assertUsable(entryView(row));
  const c = await change(
    ctx,
    by,
    { action: 'filter.add', target: row.id, detail: { kind: row.kind, pattern: row.pattern, action: row.action } },
    async (trx) => ({ op: 'put', entry: entryView(await insertFilterEntry(trx, row)) }),
  );
  return (c as { entry: FilterEntry }).entry;
}

export async function editFilterEntry(
  ctx: AppContext,
  by: string,
  id: string,
  body: Partial<FilterEntryBody>,
): Promise<FilterEntry> {
  const before = await findFilterEntry(ctx.db, id);
  if (!before) throw notFound();
  const now = ctx.clock.now();
  const after: FilterEntryRow = { ...before, ...fields(body), updated_by: by, updated_at: now };
  if (after.kind === 'allow') after.action = null;
  else after.action ??= 'refuse';
  assertUsable(entryView(after));
  const c = await change(
    ctx,
    by,
    {
      action: 'filter.edit',
      target: id,
      detail: { before: { pattern: before.pattern, action: before.action }, changed: fields(body) },
    },
    async (trx) => {
      const row = await updateFilterEntry(trx, id, {
        ...fields(body),
        action: after.action,
        updated_by: by,
        updated_at: now,
      });
      return row ? { op: 'put', entry: entryView(row) } : undefined;
    },
  );
  return (c as { entry: FilterEntry }).entry;
}

export async function removeFilterEntry(ctx: AppContext, by: string, id: string): Promise<void> {
  const before = await findFilterEntry(ctx.db, id);
  if (!before) throw notFound();
  await change(
    ctx,
    by,
    {
      action: 'filter.remove',
      target: id,
      detail: { kind: before.kind, pattern: before.pattern, action: before.action },
    },
    async (trx) => ((await deleteFilterEntry(trx, id)) ? { op: 'remove', id } : undefined),
  );
}

/** "Try this text": the current lists compiled as every instance compiles them, and what they do to it. */
export async function tryFilter(ctx: AppContext, text: string, theme?: string) {
  const lists = await currentLists(ctx);
  const result = compileLists(lists.entries, ctx.log).check(text, { theme });
  const idOf = (kind: string, pattern: string) =>
    lists.entries.find((e) => e.kind === kind && e.pattern === pattern)?.id ?? null;
  return {
    action: result.action,
    masked: result.masked,
    matches: result.matches.map((m) => ({ ...m, entry_id: idOf(m.kind, m.entry) })),
    spared: result.spared,
    version: lists.version,
  };
}
