import { ANONYMOUS_NAME } from '@honne/contracts/topics';
import { requests } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { infraModes, publishBlock } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness, type Person } from './harness.ts';

const GATED = { category_id: 8, sub_category_id: 33 };

// Issue 11: anonymity without oracles, blocks on every path, gates on the socket and derived paths.
describe.each(infraModes())('privacy: anonymity, blocks and gates ($name)', (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(mode);
  });
  afterAll(() => h?.close());

  /** Accounts' event for a block (it sends one per pair of characters, each way). */
  const block = (blocker: Person, blocked: Person, on = true) =>
    publishBlock(h.infra.bus, h.ctx.db, { blocker: blocker.userId, blocked: blocked.userId, on, at: new Date() });

  const ids = (res: { json: () => { data: { id: string }[] } }) => res.json().data.map((t) => t.id);

  describe('anonymity', () => {
    let maker: Person;
    let viewer: Person;
    let themeId: string;
    let anonId: string;
    beforeAll(async () => {
      maker = await h.user({ user_name: 'テーマの主', gender: '1', age_id: 4, area_id: 13, is_expert: true });
      viewer = await h.user();
      // The maker of a new theme posts anonymously in it.
      const created = await h.post(
        '/threads',
        { name: `秘密のテーマ${Date.now()}`, area_id: 13, category_id: 2, sub_category_id: 6 },
        maker,
      );
      expect(created.statusCode).toBe(200);
      themeId = created.json().data.id;
      anonId = (await h.postVoice(maker, themeId, { is_anonymous: true })).json().data.id;
    });

    it('shows an anonymous poster with nothing of their profile: no gender, age or area either', async () => {
      const seen = (await h.get(`/topics/${anonId}`, viewer)).json().data;
      expect(seen.user_id).toBeNull();
      expect(seen.user).toEqual({
        id: null,
        user_name: ANONYMOUS_NAME,
        profile_image: null,
        gender: null,
        age: null,
        age_id: null,
        area: null,
        area_id: null,
        is_anonymous: true,
        is_expert: false,
      });
      // The poster still sees their own card.
      expect((await h.get(`/topics/${anonId}`, maker)).json().data.user).toMatchObject({
        id: maker.userId,
        gender: '1',
      });
    });

    it('does not name a theme’s maker to others, so the theme cannot name an anonymous voice’s poster', async () => {
      for (const res of [
        await h.get(`/threads/${themeId}`, viewer),
        await h.get('/threads?category_id=2&sub_category_id=6&area_id=13', viewer),
      ]) {
        const themes = [res.json().data].flat() as { id: string; user_id: string | null }[];
        const mine = themes.find((t) => t.id === themeId);
        expect(mine).toBeDefined();
        expect(mine!.user_id).toBeNull();
      }
      expect((await h.get(`/threads/${themeId}`, maker)).json().data).toMatchObject({
        user_id: maker.userId,
        is_mine: true,
      });
      // The row highlight for the maker's voices is not shown on their anonymous one, except to them.
      expect((await h.get(`/topics/${anonId}`, viewer)).json().data.by_theme_maker).toBe(false);
      expect((await h.get(`/topics/${anonId}`, maker)).json().data.by_theme_maker).toBe(true);
      const announced = () =>
        h.channelEvents('topic.created').map((e) => e.data as { id: string; by_theme_maker: boolean });
      await expect.poll(() => announced().find((t) => t.id === anonId)?.by_theme_maker).toBe(false);
    });

    it('leaves anonymous voices out of a list filtered by gender or age: a filter cannot tell what the card hides', async () => {
      // One live voice per person per theme: the named one comes from someone else of the same gender and age.
      const namedPoster = await h.user({ gender: '1', age_id: 4, is_expert: true });
      const named = (await h.postVoice(namedPoster, themeId, { title: '名前あり' })).json().data.id;
      // An expert's named voice carries the mark; their anonymous one does not (see the card above).
      expect((await h.get(`/topics/${named}`, viewer)).json().data.user.is_expert).toBe(true);
      const byGender = ids(await h.get(`/topics?thread_id=${themeId}&gender=1`, viewer));
      expect(byGender).toContain(named);
      expect(byGender).not.toContain(anonId);
      const byAge = ids(await h.get(`/topics?thread_id=${themeId}&age_id=4`, viewer));
      expect(byAge).not.toContain(anonId);
      // Unfiltered, it is there.
      expect(ids(await h.get(`/topics?thread_id=${themeId}`, viewer))).toContain(anonId);
    });
  });

  describe('blocks', () => {
    let poster: Person;
    let blocked: Person;
    let bystander: Person;
    let themeId: string;
    let voiceId: string;
    let blockedVoiceId: string;
    beforeAll(async () => {
      poster = await h.user();
      blocked = await h.user();
      bystander = await h.user();
      themeId = await h.theme(poster);
      voiceId = (await h.postVoice(poster, themeId, { title: 'ブロックする人の声' })).json().data.id;
      blockedVoiceId = (await h.postVoice(blocked, themeId, { title: 'ブロックされた人の声' })).json().data.id;
      // Before the block they talked on each other's voices: replies and history exist both ways.
      await h.openRoom(blocked, voiceId, crypto.randomUUID());
      await h.openRoom(poster, blockedVoiceId, crypto.randomUUID());
      expect((await h.get(`/topics/${voiceId}/reply-list`, poster)).json().data).toHaveLength(1);
      await block(poster, blocked);
    });

    it('hides each one’s voices from the other, in lists and by id, both ways', async () => {
      const seenByBlocked = ids(await h.get(`/topics?thread_id=${themeId}`, blocked));
      expect(seenByBlocked).not.toContain(voiceId);
      const seenByPoster = ids(await h.get(`/topics?thread_id=${themeId}`, poster));
      expect(seenByPoster).not.toContain(blockedVoiceId);
      expect(ids(await h.get(`/topics?thread_id=${themeId}`, bystander))).toEqual(
        expect.arrayContaining([voiceId, blockedVoiceId]),
      );
      for (const [who, id] of [
        [blocked, voiceId],
        [poster, blockedVoiceId],
      ] as const) {
        const res = await h.get(`/topics/${id}`, who);
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe(messages.voiceGone);
      }
    });

    it('refuses hearts, clicks and reports across a block, and counts nothing', async () => {
      const heart = await h.post(`/topics/${voiceId}/heart`, {}, blocked);
      expect(heart.statusCode).toBe(404);
      const click = await h.patch('/topics/updateClick', { threadId: voiceId }, blocked);
      expect(click.statusCode).toBe(404);
      const report = await h.post(`/topics/${voiceId}/report`, { content: '不快です' }, blocked);
      expect(report.statusCode).toBe(404);
      const now = (await h.get(`/topics/${voiceId}`, bystander)).json().data;
      expect(now).toMatchObject({ heart_number: 0, click_number: 0 });
    });

    it('takes the other out of the reply list and the history', async () => {
      expect((await h.get(`/topics/${voiceId}/reply-list`, poster)).json().data).toEqual([]);
      const history = (await h.get('/history', blocked)).json().data as { topic: { id: string } }[];
      expect(history.map((r) => r.topic.id)).not.toContain(voiceId);
    });

    it('tells chat the voice is not found for the other, so no room opens on it', async () => {
      const asked = await h.infra.bus.request(requests.topicsTopicGet, {
        topic_id: voiceId,
        viewer_id: blocked.userId,
      });
      expect(asked.found).toBe(false);
      const bystanders = await h.infra.bus.request(requests.topicsTopicGet, {
        topic_id: voiceId,
        viewer_id: bystander.userId,
      });
      expect(bystanders).toMatchObject({ found: true, user_id: poster.userId });
    });

    it('keeps a new voice of either one off the other’s live lists', async () => {
      h.seen.channel.length = 0;
      // In another theme: a second voice in the same one would replace the first.
      const elsewhere = await h.theme(poster, { category_id: 8, sub_category_id: 31 });
      const fresh = (await h.postVoice(poster, elsewhere, { title: '新しい声' })).json().data.id;
      await h.settle();
      const sent = h.seen.channel.filter(
        (c) => c.event.type === 'topic.created' && (c.event.data as { id: string }).id === fresh,
      );
      expect(sent.length).toBeGreaterThan(0);
      for (const c of sent) {
        expect(c.except).toContain(blocked.userId);
        expect(c.except).not.toContain(bystander.userId);
      }
    });

    it('shows everything again once the block is lifted', async () => {
      await block(poster, blocked, false);
      expect((await h.get(`/topics/${voiceId}`, blocked)).statusCode).toBe(200);
      expect((await h.get(`/topics/${voiceId}/reply-list`, poster)).json().data).toHaveLength(1);
    });
  });

  describe('a person block and anonymity (ADR 0020)', () => {
    it('leaves anonymous voices, anonymous replies and rooms with an anonymous side as they are, whoever is blocked', async () => {
      const [poster, hidden, named, other] = [await h.user(), await h.user(), await h.user(), await h.user()];
      const anonTheme = await h.theme(poster, { category_id: 8, sub_category_id: 32 });
      const anonVoice = (await h.postVoice(poster, anonTheme, { is_anonymous: true })).json().data.id as string;
      const namedTheme = await h.theme(poster, { category_id: 8, sub_category_id: 30 });
      const namedVoice = (await h.postVoice(poster, namedTheme, { title: '名前のある声' })).json().data.id as string;
      // Someone answers the named voice anonymously; someone named answers the anonymous one.
      await h.openRoom(hidden, namedVoice, crypto.randomUUID(), true);
      await h.openRoom(named, anonVoice, crypto.randomUUID());
      const rooms = async (who: Person) =>
        ((await h.get('/history', who)).json().data as { room_id: string }[]).map((r) => r.room_id).sort();
      const observe = async () => ({
        replies: ids(await h.get(`/topics/${namedVoice}/reply-list`, poster)).length,
        posterHistory: await rooms(poster),
        hiddenHistory: await rooms(hidden),
        namedHistory: await rooms(named),
        namedList: ids(await h.get(`/topics?thread_id=${anonTheme}`, named)),
        namedDetail: (await h.get(`/topics/${anonVoice}`, named)).statusCode,
        chatFinds: (
          await h.infra.bus.request(requests.topicsTopicGet, { topic_id: anonVoice, viewer_id: named.userId })
        ).found,
      });
      const before = await observe();
      expect(before).toMatchObject({ replies: 1, namedList: [anonVoice], namedDetail: 200, chatFinds: true });
      expect(before.posterHistory).toHaveLength(2);
      // The poster blocks suspects by name one by one, the real ones among them: nothing changes.
      for (const suspect of [other, hidden, named]) {
        await block(poster, suspect);
        expect(await observe()).toEqual(before);
      }
      // A new anonymous voice goes on the socket to the blocked as to anyone.
      h.seen.channel.length = 0;
      const fresh = await h.theme(poster, { category_id: 8, sub_category_id: 31 });
      const voice = (await h.postVoice(poster, fresh, { is_anonymous: true })).json().data.id;
      await h.settle();
      const sent = h.seen.channel.filter(
        (c) => c.event.type === 'topic.created' && (c.event.data as { id: string }).id === voice,
      );
      expect(sent.length).toBeGreaterThan(0);
      for (const c of sent) expect(c.except ?? []).toEqual([]);
    });
  });

  describe('a password gate', () => {
    let poster: Person;
    let outsider: Person;
    let voiceId: string;
    beforeAll(async () => {
      poster = await h.user();
      outsider = await h.user();
      expect((await h.post('/subCategories/33/unlock', { pw: 'himitsu' }, poster)).statusCode).toBe(200);
      h.seen.channel.length = 0;
      voiceId = (await h.postVoice(poster, await h.theme(poster, GATED))).json().data.id;
      await h.settle();
    });

    it('sends a gated voice on the socket only to those who unlocked it', () => {
      const sent = h.seen.channel.filter((c) => c.event.type === 'topic.created');
      expect(sent.length).toBeGreaterThan(0);
      for (const c of sent) {
        expect(c.only).toContain(poster.userId);
        expect(c.only).not.toContain(outsider.userId);
      }
    });

    it('refuses every path to a gated voice that the REST read refuses', async () => {
      expect((await h.get(`/topics/${voiceId}`, outsider)).statusCode).toBe(403);
      for (const res of [
        await h.post(`/topics/${voiceId}/heart`, {}, outsider),
        await h.patch('/topics/updateClick', { threadId: voiceId }, outsider),
        await h.post(`/topics/${voiceId}/report`, { content: '確認したい' }, outsider),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toBe(messages.subCategoryLocked);
      }
      const asked = await h.infra.bus.request(requests.topicsTopicGet, {
        topic_id: voiceId,
        viewer_id: outsider.userId,
      });
      expect(asked.found).toBe(false);
    });
  });
});
