import { events, requests, type EventPayload } from '@honne/contracts/events';
import { SAFETY_MESSAGES, type FilterEntry } from '@honne/contracts/safety';
import { LiveFilterLists, createLogger } from '@honne/service-kit';
import { harnessForSuite, infraModes } from '@honne/service-kit/testing';
import { describe, expect, it } from 'vitest';

import { ADMIN, startHarness } from './harness.ts';

// The filter's lists kept by the moderation service (ADR 0028): edited in the console (moderators
// and admins; triage reads and tries), every change audited and announced with a version, the whole
// lists answered over the bus; an instance holding them applies each change or re-fetches on a gap.
describe.each(infraModes())('filter lists in the moderation service ($name)', (mode) => {
  const suite = harnessForSuite(() => startHarness(mode));
  const word = () => `禁止語${Math.random().toString(36).slice(2, 8)}`;

  it('ships the default list as its first version and answers it over the bus', async () => {
    const { h } = suite;
    const token = await h.signIn(ADMIN);
    const res = await h.console('GET', '/admin/safety/filter/entries', token);
    expect(res.statusCode).toBe(200);
    const lists = res.json().data as { version: number; entries: FilterEntry[] };
    expect(lists.version).toBeGreaterThanOrEqual(1);
    expect(lists.entries).toContainEqual(expect.objectContaining({ kind: 'term', pattern: 'ボケ', action: 'mask' }));
    expect(lists.entries).toContainEqual(expect.objectContaining({ kind: 'allow', pattern: 'ピンボケ', action: null }));
    const answered = await h.infra.bus.request(requests.filterLists, {});
    expect(answered.version).toBe(lists.version);
    expect(answered.entries.length).toBe(lists.entries.length);
  });

  it('adds, edits and removes entries with a version each, audited; refuses an expression RE2 cannot run', async () => {
    const { h } = suite;
    const admin = await h.signIn(ADMIN);
    const heard: EventPayload<typeof events.filterListsChanged>[] = [];
    const sub = h.infra.bus.subscribe(events.filterListsChanged, (e) => void heard.push(e));
    if (h.infra.bus.kind === 'nats') await h.infra.bus.flush();
    try {
      const before = (await h.console('GET', '/admin/safety/filter/entries', admin)).json().data.version as number;
      const term = word();
      const added = await h.console('POST', '/admin/safety/filter/entries', admin, {
        kind: 'term',
        pattern: term,
        action: 'hold',
        note: 'テスト',
      });
      expect(added.statusCode).toBe(200);
      const entry = added.json().data as FilterEntry;
      expect(entry).toMatchObject({ pattern: term, action: 'hold', theme: null, note: 'テスト' });
      expect(entry.created_by).toMatch(/^operator:/);

      const edited = await h.console('PATCH', `/admin/safety/filter/entries/${entry.id}`, admin, { action: 'refuse' });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().data).toMatchObject({ id: entry.id, action: 'refuse' });

      const removed = await h.console('DELETE', `/admin/safety/filter/entries/${entry.id}`, admin);
      expect(removed.statusCode).toBe(200);
      expect((await h.console('DELETE', `/admin/safety/filter/entries/${entry.id}`, admin)).statusCode).toBe(404);

      const after = (await h.console('GET', '/admin/safety/filter/entries', admin)).json().data;
      expect(after.version).toBe(before + 3);
      expect((after.entries as FilterEntry[]).some((e) => e.id === entry.id)).toBe(false);

      // Each change was announced with its version, in order, carrying what changed.
      await h.infra.bus.flush();
      const mine = heard.filter((e) => e.version > before);
      expect(mine.map((e) => e.version)).toEqual([before + 1, before + 2, before + 3]);
      expect(mine[0]!.change).toMatchObject({ op: 'put', entry: { id: entry.id, action: 'hold' } });
      expect(mine[1]!.change).toMatchObject({ op: 'put', entry: { id: entry.id, action: 'refuse' } });
      expect(mine[2]!.change).toEqual({ op: 'remove', id: entry.id });

      const audit = (await h.console('GET', '/admin/safety/audit?limit=20', admin)).json().data as {
        action: string;
        target: string;
      }[];
      expect(audit.filter((a) => a.target === entry.id).map((a) => a.action)).toEqual([
        'filter.remove',
        'filter.edit',
        'filter.add',
      ]);

      // A backreference is not RE2: refused with a message, and nothing changes.
      const bad = await h.console('POST', '/admin/safety/filter/entries', admin, {
        kind: 'regex',
        pattern: '(a)\\1',
      });
      expect(bad.statusCode).toBe(403);
      expect(bad.json().error).toBe(SAFETY_MESSAGES.filterEntryInvalid);
      expect((await h.console('GET', '/admin/safety/filter/entries', admin)).json().data.version).toBe(before + 3);
    } finally {
      sub.unsubscribe();
    }
  });

  it('lets triage read and try but not edit; moderators edit', async () => {
    const { h } = suite;
    const admin = await h.signIn(ADMIN);
    const triage = await h.operator(admin, 'triage');
    const moderator = await h.operator(admin, 'moderator');
    expect((await h.console('GET', '/admin/safety/filter/entries', triage.token)).statusCode).toBe(200);
    expect((await h.console('POST', '/admin/safety/filter/try', triage.token, { text: 'こんにちは' })).statusCode).toBe(
      200,
    );
    const body = { kind: 'term', pattern: word() };
    expect((await h.console('POST', '/admin/safety/filter/entries', triage.token, body)).statusCode).toBe(403);
    const made = await h.console('POST', '/admin/safety/filter/entries', moderator.token, body);
    expect(made.statusCode).toBe(200);
    expect(made.json().data.action).toBe('refuse');
    expect(
      (await h.console('DELETE', `/admin/safety/filter/entries/${made.json().data.id}`, triage.token)).statusCode,
    ).toBe(403);
  });

  it('"try this text" says what matched and why: the entry, the written span, the normalised form, what was spared', async () => {
    const { h } = suite;
    const admin = await h.signIn(ADMIN);
    const tried = await h.console('POST', '/admin/safety/filter/try', admin, { text: 'お前ﾎﾞｹだな、ピンボケ写真' });
    expect(tried.statusCode).toBe(200);
    const r = tried.json().data;
    expect(r.action).toBe('mask');
    expect(r.masked).toBe('お前＊＊＊だな、ピンボケ写真');
    expect(r.matches).toHaveLength(1);
    expect(r.matches[0]).toMatchObject({
      entry: 'ボケ',
      kind: 'term',
      written: 'ﾎﾞｹ',
      normalised: 'ぼけ',
      from: 2,
      to: 5,
    });
    expect(r.matches[0].entry_id).toEqual(expect.any(String));
    expect(r.spared).toContainEqual({ entry: 'ボケ', written: 'ボケ', because: 'allow' });

    // A theme's entry applies only when that theme is tried.
    const term = word();
    await h.console('POST', '/admin/safety/filter/entries', admin, { kind: 'term', pattern: term, theme: 'theme-1' });
    expect((await h.console('POST', '/admin/safety/filter/try', admin, { text: term })).json().data.action).toBe(
      'pass',
    );
    const inTheme = await h.console('POST', '/admin/safety/filter/try', admin, { text: term, theme: 'theme-1' });
    expect(inTheme.json().data.action).toBe('refuse');
  });

  it('an instance holding the lists applies the next version and re-fetches the whole lists after a gap', async () => {
    const { h } = suite;
    const admin = await h.signIn(ADMIN);
    const lists = new LiveFilterLists(h.infra.bus, createLogger('test', 'silent'));
    lists.start();
    try {
      const current = (await h.console('GET', '/admin/safety/filter/entries', admin)).json().data.version as number;
      await lists.reached(current);
      expect(lists.version).toBe(current);

      const term = word();
      expect(lists.filter.check(term).action).toBe('pass');
      const added = await h.console('POST', '/admin/safety/filter/entries', admin, { kind: 'term', pattern: term });
      await lists.reached(current + 1);
      expect(lists.filter.check(`ほら${term}だよ`).action).toBe('refuse');

      // A change this instance never heard of (written behind the bus's back), then an update
      // announcing a later version: the gap makes it fetch the whole lists, the unheard change included.
      const unheard = word();
      await h.ctx.db.transaction().execute(async (trx) => {
        const now = new Date();
        await trx
          .insertInto('filter_entries')
          .values({
            id: crypto.randomUUID(),
            kind: 'term',
            pattern: unheard,
            action: 'refuse',
            theme: null,
            whole_word: null,
            note: null,
            created_by: 'test',
            created_at: now,
            updated_by: 'test',
            updated_at: now,
          })
          .execute();
        await trx
          .updateTable('filter_version')
          .set((eb) => ({ version: eb('version', '+', 1) }))
          .execute();
      });
      await h.console('DELETE', `/admin/safety/filter/entries/${added.json().data.id}`, admin);
      await lists.reached(current + 3);
      expect(lists.version).toBe(current + 3);
      expect(lists.filter.check(unheard).action).toBe('refuse');
      expect(lists.filter.check(term).action).toBe('pass');
    } finally {
      lists.stop();
    }
  });

  it('an instance that missed a change (announced while its bus was down) finds it at its periodic version check', async () => {
    const { h } = suite;
    const admin = await h.signIn(ADMIN);
    // A fast check for the test; the service's is FILTER_RECHECK_MS (30 s, jittered).
    const lists = new LiveFilterLists(h.infra.bus, createLogger('test', 'silent'), 300);
    lists.start();
    const publish = h.ctx.bus.publish.bind(h.ctx.bus);
    let dropped = 0;
    try {
      const current = (await h.console('GET', '/admin/safety/filter/entries', admin)).json().data.version as number;
      await lists.reached(current);
      // Safety's announcements are lost, as to an instance whose NATS connection is down.
      h.ctx.bus.publish = (async (def, payload, options) => {
        if (def.subject === events.filterListsChanged.subject) {
          dropped += 1;
          return;
        }
        return publish(def, payload, options);
      }) as typeof h.ctx.bus.publish;
      const term = word();
      const added = await h.console('POST', '/admin/safety/filter/entries', admin, { kind: 'term', pattern: term });
      expect(added.statusCode).toBe(200);
      expect(dropped).toBe(1);
      expect(lists.version).toBe(current);
      await lists.reached(current + 1);
      expect(lists.filter.check(`ほら${term}だよ`).action).toBe('refuse');
      // Checks while current are answered with the version alone and change nothing.
      const answered = await h.infra.bus.request(requests.filterLists, { known_version: current + 1 });
      expect(answered).toEqual({ version: current + 1, entries: [] });
    } finally {
      h.ctx.bus.publish = publish;
      lists.stop();
    }
  });
});
