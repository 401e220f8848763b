import { events, requests } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { dataOf, realtimeEvents } from '@honne/contracts/realtime-events';
import { TOPIC_CHANNEL_EVENTS, topicChannels } from '@honne/contracts/topics';
import { infraModes, publishRestriction } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { lapsedRemovals } from '../src/server.ts';
import { eventually, startHarness, type Harness, type Person } from './harness.ts';

// Short, so the voices (an hour by default) outlive every restriction of the test.
const SPELL = 5 * 60_000;

// Issue 27: what the moderation service decides takes effect here — a hidden voice and a suspended
// or banned person's voices are gone for others (lists, detail, chat and calls asking), a muted
// person cannot post.
describe.each(infraModes())('moderation enforced by topics ($name)', (mode) => {
  let h: Harness;
  let poster: Person;
  let viewer: Person;
  let themeId: string;
  let voiceId: string;
  let otherThemeId: string;
  let otherVoiceId: string;
  beforeAll(async () => {
    h = await startHarness(mode);
    poster = await h.user({ user_name: '投稿する人' });
    viewer = await h.user();
    themeId = await h.theme(poster);
    otherThemeId = await h.theme(poster, { category_id: 2, sub_category_id: 6 }, 13);
    voiceId = (await h.postVoice(poster, themeId)).json().data.id;
    otherVoiceId = (await h.postVoice(poster, otherThemeId, { is_anonymous: true })).json().data.id;
  });
  afterAll(() => h?.close());

  const listed = async (who: Person, thread: string) =>
    ((await h.get(`/topics?thread_id=${thread}`, who)).json().data as { id: string }[]).map((t) => t.id);
  /** Whether `who` finds the voice in its theme's list, on its detail and when chat or calls ask for it. */
  const seen = async (who: Person, id: string, thread: string) => {
    const detail = await h.get(`/topics/${id}`, who);
    const asked = await h.infra.bus.request(requests.topicsTopicGet, { topic_id: id, viewer_id: who.userId });
    const inList = (await listed(who, thread)).includes(id);
    expect([inList, detail.statusCode === 200, asked.found]).toEqual([inList, inList, inList]);
    if (!inList) expect(detail.json().error).toBe(messages.voiceGone);
    return inList;
  };
  const moderate = (id: string, hidden: boolean) =>
    h.publish(
      events.voiceModerated,
      { event_id: `hide-${id}-${hidden}-${Date.now()}`, topic_id: id, hidden, at: h.clock.now().toISOString() },
      async () =>
        (await h.ctx.db.selectFrom('moderated_voices').select('hidden').where('topic_id', '=', id).executeTakeFirst())
          ?.hidden === hidden,
    );
  const restrict = (restriction: 'mute' | 'suspend' | 'ban' | 'lift', until: Date | null = null) =>
    publishRestriction(h.infra.bus, h.ctx.db, {
      person_id: `person-${poster.userId}`,
      user_ids: [poster.userId],
      restriction,
      until,
      at: h.clock.now(),
    });

  it('hides a voice an operator hid from everyone but its poster, and shows it again on hidden:false', async () => {
    expect(await seen(viewer, voiceId, themeId)).toBe(true);
    await moderate(voiceId, true);
    expect(await seen(viewer, voiceId, themeId)).toBe(false);
    // A chat or call asking without a viewer (the voice itself) finds nothing either.
    expect((await h.infra.bus.request(requests.topicsTopicGet, { topic_id: voiceId })).found).toBe(false);
    expect(await seen(poster, voiceId, themeId)).toBe(true);
    expect(await seen(viewer, otherVoiceId, otherThemeId)).toBe(true);
    await moderate(voiceId, false);
    expect(await seen(viewer, voiceId, themeId)).toBe(true);
  });

  it('takes every voice of a suspended person away until the end, and a ban until lifted', async () => {
    await restrict('suspend', new Date(h.clock.now().getTime() + SPELL));
    expect(await seen(viewer, voiceId, themeId)).toBe(false);
    expect(await seen(viewer, otherVoiceId, otherThemeId)).toBe(false);
    expect(await seen(poster, voiceId, themeId)).toBe(true);
    h.clock.advance(SPELL + 1000);
    expect(await seen(viewer, voiceId, themeId)).toBe(true);
    expect(await seen(viewer, otherVoiceId, otherThemeId)).toBe(true);

    await restrict('ban');
    await moderate(otherVoiceId, true);
    expect(await seen(viewer, voiceId, themeId)).toBe(false);
    h.clock.advance(1000);
    await restrict('lift');
    expect(await seen(viewer, voiceId, themeId)).toBe(true);
    // The voice an operator hid on its own stays hidden after the lift.
    expect(await seen(viewer, otherVoiceId, otherThemeId)).toBe(false);
  });

  /** The channel events about `id` of `type` so far, with who they leave out, once `count` have come. */
  const told = async (type: string, id: string, count = 1) => {
    const about = () =>
      h.seen.channel.filter(
        (c) =>
          c.event.type === type &&
          (c.event.data as { topic_id?: string; id?: string })[
            type === TOPIC_CHANNEL_EVENTS.shown ? 'id' : 'topic_id'
          ] === id,
      );
    await eventually(() => expect(about().length).toBeGreaterThanOrEqual(count));
    return about();
  };

  // Open lists already on screen hear of it at once (their next fetch would leave the voice out anyway).
  it('tells the theme watchers, all but the poster, when a voice is hidden and when it is shown again', async () => {
    h.seen.channel.length = 0;
    const before = (await h.get(`/topics/${voiceId}`, poster)).json().data;
    await moderate(voiceId, true);
    const hidden = await told(TOPIC_CHANNEL_EVENTS.hidden, voiceId, 4);
    expect(hidden.map((c) => c.channel)).toContain(topicChannels.thread(themeId));
    for (const c of hidden) {
      expect(dataOf(c.event, realtimeEvents.topicHidden)).toEqual({ topic_id: voiceId, thread_id: themeId });
      expect(c.except).toContain(poster.userId);
      expect(c.except).not.toContain(viewer.userId);
    }
    // The poster, left out of the event, sees the voice as before (its notice comes from safety).
    const after = (await h.get(`/topics/${voiceId}`, poster)).json().data;
    expect({ ...after, click_number: 0 }).toEqual({ ...before, click_number: 0 });

    await moderate(voiceId, false);
    const shown = await told(TOPIC_CHANNEL_EVENTS.shown, voiceId, 4);
    const view = dataOf(shown[0]!.event, realtimeEvents.topicShown);
    expect(view?.thread_id).toBe(themeId);
    expect(view?.title).toBe(before.title);
    expect(shown.every((c) => c.except?.includes(poster.userId))).toBe(true);
  });

  it('tells the lists when a suspension takes all the voices of a person away, and when it is lifted', async () => {
    h.seen.channel.length = 0;
    await restrict('suspend', new Date(h.clock.now().getTime() + SPELL));
    const gone = [
      ...(await told(TOPIC_CHANNEL_EVENTS.hidden, voiceId)),
      ...(await told(TOPIC_CHANNEL_EVENTS.hidden, otherVoiceId)),
    ];
    expect(gone.map((c) => c.channel)).toEqual(
      expect.arrayContaining([topicChannels.thread(themeId), topicChannels.thread(otherThemeId)]),
    );
    // The anonymous voice goes from the poster's blockers' lists too (ADR 0020), never the poster's own.
    expect(gone.every((c) => c.except?.includes(poster.userId))).toBe(true);
    expect(await seen(viewer, otherVoiceId, otherThemeId)).toBe(false);

    h.clock.advance(1000);
    h.seen.channel.length = 0;
    await restrict('lift');
    await told(TOPIC_CHANNEL_EVENTS.shown, voiceId);
    // The voice an operator hid on its own (the test before) is told as it stands: still hidden.
    await told(TOPIC_CHANNEL_EVENTS.hidden, otherVoiceId);
    expect(h.seen.channel.filter((c) => dataOf(c.event, realtimeEvents.topicShown)?.id === otherVoiceId)).toEqual([]);
    // A mute changes nothing anyone sees: no channel event.
    h.seen.channel.length = 0;
    await restrict('mute', new Date(h.clock.now().getTime() + 1000));
    await h.settle();
    expect(h.seen.channel.filter((c) => c.event.type.startsWith('topic.'))).toEqual([]);
    h.clock.advance(2000);
  });

  it('tells the lists when a suspension runs out: the voices come back as they stand', async () => {
    const lapsed = lapsedRemovals(h.ctx);
    h.seen.channel.length = 0;
    await restrict('suspend', new Date(h.clock.now().getTime() + SPELL));
    await told(TOPIC_CHANNEL_EVENTS.hidden, voiceId);
    h.seen.channel.length = 0;
    // Before the end, a look finds nothing; past it, the person's voices are announced once.
    h.clock.advance(SPELL - 1000);
    expect(await lapsed.check()).toBe(0);
    h.clock.advance(2000);
    expect(await lapsed.check()).toBe(2);
    const back = await told(TOPIC_CHANNEL_EVENTS.shown, voiceId);
    expect(back.every((c) => c.except?.includes(poster.userId))).toBe(true);
    expect(await seen(viewer, voiceId, themeId)).toBe(true);
    // The voice an operator hid on its own is told as it stands: still hidden.
    await told(TOPIC_CHANNEL_EVENTS.hidden, otherVoiceId);
    expect(h.seen.channel.filter((c) => dataOf(c.event, realtimeEvents.topicShown)?.id === otherVoiceId)).toEqual([]);
    expect(await lapsed.check()).toBe(0);
  });

  it('refuses a muted person a new voice or theme with the end of the mute, and allows it after', async () => {
    const until = new Date(h.clock.now().getTime() + 2 * SPELL);
    await restrict('mute', until);
    const refused = await h.postVoice(poster, themeId, { title: '黙っていられない' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/^現在、投稿・チャット・通話が制限されています（\d+月\d+日 \d\d:\d\dまで）$/);
    const theme = await h.post(
      '/threads',
      { name: '新しいテーマ', area_id: 13, category_id: 2, sub_category_id: 6 },
      poster,
    );
    expect(theme.statusCode).toBe(403);
    // Others still post, and the muted person's voices stay visible (a mute silences, it does not hide).
    expect((await h.postVoice(viewer, themeId)).statusCode).toBe(200);
    expect(await seen(viewer, voiceId, themeId)).toBe(true);
    h.clock.advance(2 * SPELL + 1000);
    expect((await h.postVoice(poster, themeId, { title: 'また話せる' })).statusCode).toBe(200);
  });
});
