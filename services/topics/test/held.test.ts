import { events, requests, type EventPayload } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { infraModes, serveFilterLists } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eventually, startHarness, type Harness, type Person } from './harness.ts';

// ADR 0037: a voice whose title, detail or comment hits a `hold` entry is stored, shown to its poster
// as posted and to nobody else, and queued for safety through topics' outbox with the text as
// written; safety's release shows it to everyone, a discard deletes it. A `flag` entry's voice is
// shown at once and queued. Safety's side (the queue, the console's decision) is its own suite's.
describe.each(infraModes())('voices the filter held or flagged ($name)', (mode) => {
  let h: Harness;
  let poster: Person;
  let viewer: Person;
  const tag = Math.random().toString(36).slice(2, 7);
  const held = `保留語${tag}`;
  const flagged = `確認語${tag}`;
  const filtered: EventPayload<typeof events.voiceFiltered>[] = [];
  const themesFlagged: EventPayload<typeof events.themeTextFlagged>[] = [];

  beforeAll(async () => {
    h = await startHarness(mode);
    // What topics queues for safety, as safety hears it (the harness's close ends the bus).
    h.infra.bus.subscribe(events.voiceFiltered, (e) => void filtered.push(e));
    h.infra.bus.subscribe(events.themeTextFlagged, (e) => void themesFlagged.push(e));
    await serveFilterLists(h.infra.bus, h.ctx.filterLists!, { [held]: 'hold', [flagged]: 'flag' });
    poster = await h.user({ user_name: '書く人' });
    viewer = await h.user({ user_name: '読む人' });
  });
  afterAll(() => h?.close());

  const listed = async (who: Person, thread: string) =>
    ((await h.get(`/topics?thread_id=${thread}`, who)).json().data as { id: string }[]).map((t) => t.id);
  const filedFor = (topicId: string) =>
    eventually(async () => {
      const e = filtered.find((f) => f.topic_id === topicId);
      if (!e) throw new Error('not queued yet');
      return e;
    });
  const decide = (topicId: string, release: boolean, done: () => Promise<boolean>) =>
    h.publish(
      events.heldVoiceDecided,
      { event_id: `${topicId}-${release}`, topic_id: topicId, release, at: h.clock.now().toISOString() },
      done,
    );

  it('holds a voice: posted for its poster, gone for everyone else, queued with the text as written, shown on release', async () => {
    const thread = await h.theme(poster);
    const res = await h.postVoice(poster, thread, { title: '聞いてほしい', detail: `じつは${held}なんだ` });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as string;
    expect(res.json().data.detail).toBe(`じつは${held}なんだ`);

    expect(await listed(poster, thread)).toContain(id);
    expect((await h.get(`/topics/${id}`, poster)).statusCode).toBe(200);
    expect(await listed(viewer, thread)).not.toContain(id);
    const detail = await h.get(`/topics/${id}`, viewer);
    expect(detail.statusCode).toBe(404);
    expect(detail.json().error).toBe(messages.voiceGone);
    expect((await h.infra.bus.request(requests.topicsTopicGet, { topic_id: id, viewer_id: viewer.userId })).found).toBe(
      false,
    );

    expect(await filedFor(id)).toMatchObject({
      topic_id: id,
      thread_id: thread,
      poster_id: poster.userId,
      action: 'hold',
      title: '聞いてほしい',
      detail: `じつは${held}なんだ`,
      comment: 'だれか話そう',
      entries: [held],
    });
    await h.settle();
    expect(h.seen.created.some((c) => c.topic_id === id)).toBe(false);

    await decide(id, true, async () => (await listed(viewer, thread)).includes(id));
    expect((await h.get(`/topics/${id}`, viewer)).statusCode).toBe(200);
    await eventually(async () => {
      if (!h.seen.created.some((c) => c.topic_id === id)) throw new Error('not announced yet');
    });
  });

  it('deletes a held voice an operator discards, as gone for its poster too', async () => {
    const thread = await h.theme(poster, { category_id: 2, sub_category_id: 6 }, 13);
    const id = (await h.postVoice(poster, thread, { comment: `${held}です` })).json().data.id as string;
    expect((await filedFor(id)).action).toBe('hold');
    await decide(id, false, async () => !(await listed(poster, thread)).includes(id));
    expect((await h.get(`/topics/${id}`, poster)).statusCode).toBe(404);
    await eventually(async () => {
      expect(h.seen.deleted).toContainEqual(expect.objectContaining({ topic_id: id, reason: 'discarded' }));
    });
  });

  it('shows a flagged voice at once and queues it', async () => {
    const thread = await h.theme(poster, { category_id: 2, sub_category_id: 6 }, 12);
    const res = await h.postVoice(poster, thread, { title: `これ${flagged}` });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as string;
    expect(await listed(viewer, thread)).toContain(id);
    expect(await filedFor(id)).toMatchObject({ action: 'flag', entries: [flagged], title: `これ${flagged}` });
  });

  it('refuses a theme name with a hold word, saying why; saves a flagged one and queues it', async () => {
    const body = { area_id: 40, category_id: 4, sub_category_id: 17 };
    const refused = await h.post('/threads', { ...body, name: `${held}の話` }, poster);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'validation', errors: { name: messages.textNeedsReview } });

    const saved = await h.post('/threads', { ...body, name: `${flagged}の話` }, poster);
    expect(saved.statusCode, saved.body).toBe(200);
    const themeId = saved.json().data.id as string;
    expect(saved.json().data.name).toBe(`${flagged}の話`);
    const e = await eventually(async () => {
      const found = themesFlagged.find((t) => t.ref === themeId);
      if (!found) throw new Error('not queued yet');
      return found;
    });
    expect(e).toMatchObject({
      user_id: poster.userId,
      where: 'theme',
      texts: { name: `${flagged}の話` },
      entries: [flagged],
    });
  });
});
