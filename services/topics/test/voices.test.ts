import { messages } from '@honne/contracts/messages';
import { ANONYMOUS_NAME, TOPIC_CHANNEL_EVENTS, topicChannels, type Topic } from '@honne/contracts/topics';
import { infraModes, uuidOf } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eventually, startHarness, type Harness, type Person } from './harness.ts';

describe.each(infraModes())('voices: posting, listing, filters, clicks ($name)', (mode) => {
  let h: Harness;
  let poster: Person;
  let reader: Person;
  let thread: string;
  beforeAll(async () => {
    h = await startHarness(mode);
    poster = await h.user({
      user_name: 'はなこ',
      gender: '2',
      age_id: 3,
      max_point_for_chatting: 150,
      max_point_for_a_call: 300,
    });
    reader = await h.user({ user_name: 'たろう', gender: '1', age_id: 2 });
    thread = await h.theme(poster);
  });
  afterAll(() => h?.close());

  describe('posting rules', () => {
    it.each([
      ['no title', { title: '   ' }, { title: messages.titleRequired }],
      ['a 101-character title', { title: 'あ'.repeat(101) }, { title: messages.maxLength100 }],
      ['a 201-character comment', { comment: 'い'.repeat(201) }, { comment: messages.maxLength200 }],
      ['a 201-character detail', { detail: 'う'.repeat(201) }, { detail: messages.maxLength200 }],
      ['no sub-category', { sub_category_id: 0 }, { sub_category_id: messages.subCategoryRequired }],
      ['another sub-category', { sub_category_id: 7 }, { sub_category_id: messages.invalidChoice }],
      ['the all-areas id', { area_id: 1 }, { area_id: messages.regionRequired }],
      ['an expiry that is not an option', { expire_after_minute: 45 }, { expire_after_minute: messages.invalidChoice }],
      ['a chat price above the rank maximum', { chat_price: 160 }, { chat_price: messages.priceInvalid }],
      ['a call price off the 10-point step', { call_price: 15 }, { call_price: messages.priceInvalid }],
      ['a negative price', { chat_price: -10 }, { chat_price: messages.priceInvalid }],
    ])('refuses %s with 403 and the field message', async (_what, body, errors) => {
      const res = await h.postVoice(poster, thread, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, code: 'validation', errors });
    });

    it('refuses a refused word in a title however it is written, and stores a masked word as ＊ (issue 28)', async () => {
      for (const title of ['死ね', 'し ね', 'ｼﾈ']) {
        const res = await h.postVoice(poster, thread, { title: `お前${title}よ` });
        expect(res.statusCode, title).toBe(403);
        expect(res.json().errors).toEqual({ title: messages.textRefused });
      }
      const masked = await h.postVoice(poster, thread, { title: 'あいつボケだな', detail: 'ﾎﾞｹとか言うな' });
      expect(masked.statusCode, masked.body).toBe(200);
      expect(masked.json().data).toMatchObject({ title: 'あいつ＊＊だな', detail: '＊＊＊とか言うな' });
      // Innocent words that hold a listed one pass untouched.
      const blurry = await h.postVoice(poster, thread, { title: 'ピンボケした写真の直し方' });
      expect(blurry.json().data.title).toBe('ピンボケした写真の直し方');
    });

    it('keeps the quoted messages exactly, leading spaces included', () => {
      expect(messages.subCategoryRequired).toBe(' サブカテゴリーを選択してください。');
      expect(messages.regionRequired).toBe(' 地域を選択してください。');
    });

    it('accepts 100 and 200 characters, trims, and derives is_not_free from the prices', async () => {
      const res = await h.postVoice(poster, thread, {
        title: `  ${'本'.repeat(100)}  `,
        comment: `${'音'.repeat(200)}\n`,
        detail: ' 詳細 ',
        chat_price: 150,
        call_price: 300,
        is_not_free: false,
        purchase_on_start: true,
      });
      expect(res.statusCode).toBe(200);
      const t = res.json().data as Topic;
      expect(t).toMatchObject({
        title: '本'.repeat(100),
        comment: '音'.repeat(200),
        detail: '詳細',
        chat_price: 150,
        call_price: 300,
        is_not_free: true,
        purchase_on_start: true,
        is_mine: true,
        expire_after_minute: 60,
      });
      expect(t.expire_at._seconds).toBe(Math.floor((h.clock.now().getTime() + 60 * 60_000) / 1000));
      expect(t.user).toMatchObject({ id: poster.userId, user_name: 'はなこ', gender: '2', age_id: 3 });
    });

    it('refuses prices from a user whose rank allows none, free posts are fine', async () => {
      const poor = await h.user({ max_point_for_chatting: 0, max_point_for_a_call: 0 });
      expect((await h.postVoice(poor, thread, { chat_price: 10 })).json().errors).toEqual({
        chat_price: messages.priceInvalid,
      });
      expect((await h.postVoice(poor, thread, { chat_price: 0, call_price: 0 })).json().data.is_not_free).toBe(false);
    });

    it('limits expiry by the sub-category maximum: the largest option under 60 minutes by default, options above refused', async () => {
      const t30 = await h.theme(poster, { category_id: 2, sub_category_id: 9 }); // max 30
      const def = await h.postVoice(poster, t30);
      expect(def.json().data.expire_after_minute).toBe(30);
      expect((await h.postVoice(poster, t30, { expire_after_minute: 60 })).json().errors).toEqual({
        expire_after_minute: messages.expireNotAllowed,
      });
      const t20 = await h.theme(poster, { category_id: 3, sub_category_id: 14 }); // max 20
      expect((await h.postVoice(poster, t20)).json().data.expire_after_minute).toBe(20);
      const t5 = await h.theme(poster, { category_id: 8, sub_category_id: 32 }); // max 5
      expect((await h.postVoice(poster, t5)).json().data.expire_after_minute).toBe(5);
      const long = await h.theme(poster, { category_id: 2, sub_category_id: 8 }); // max 4320: default 1 hour
      expect((await h.postVoice(poster, long)).json().data.expire_after_minute).toBe(60);
      expect((await h.postVoice(poster, long, { expire_after_minute: 4320 })).json().data.expire_after_minute).toBe(
        4320,
      );
    });

    it('caps live voices per theme in categories above 5 with the spec message', async () => {
      const t = await h.theme(poster, { category_id: 8, sub_category_id: 31 }); // limit 20
      const people = await Promise.all(Array.from({ length: 20 }, () => h.user()));
      for (const p of people) expect((await h.postVoice(p, t)).statusCode).toBe(200);
      const res = await h.postVoice(reader, t);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'topic_limit', error: messages.topicLimit });
      // One of the twenty posting again replaces their own voice, so the count stays at the limit.
      expect((await h.postVoice(people[0]!, t, { title: 'もう一度' })).statusCode).toBe(200);
    });

    it('404s a post into a theme that does not exist', async () => {
      expect(
        (await h.post('/topics/00000000-0000-4000-8000-000000000000', { title: 'x', sub_category_id: 6 }, poster))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('posting again in a theme', () => {
    it('deletes the earlier voices of the poster there, with their history, and says so on the bus', async () => {
      const t = await h.theme(reader, { category_id: 1, sub_category_id: 2 });
      const first = (await h.postVoice(reader, t, { title: '一回目' })).json().data as Topic;
      await h.openRoom(poster, first.id, uuidOf('room-again-1'));
      expect((await h.get('/history', poster)).json().data.map((x: { room_id: string }) => x.room_id)).toContain(
        uuidOf('room-again-1'),
      );
      h.clock.advance(1000);
      const mine = (await h.get(`/users/topics?thread_id=${t}`, reader)).json().data as Topic[];
      expect(mine.map((x) => x.id)).toEqual([first.id]);

      const second = (await h.postVoice(reader, t, { title: '二回目' })).json().data as Topic;
      expect((await h.get(`/users/topics?thread_id=${t}`, reader)).json().data.map((x: Topic) => x.title)).toEqual([
        '二回目',
      ]);
      expect((await h.get(`/topics/${first.id}`, poster)).json()).toMatchObject({
        status: 404,
        error: messages.voiceGone,
      });
      expect((await h.get('/history', poster)).json().data.map((x: { room_id: string }) => x.room_id)).not.toContain(
        uuidOf('room-again-1'),
      );
      await eventually(() =>
        expect(h.seen.deleted).toContainEqual(
          expect.objectContaining({ topic_id: first.id, reason: 'replaced', user_id: reader.userId }),
        ),
      );
      await eventually(() =>
        expect(
          h.seen.user.some(
            (u) =>
              u.user_id === poster.userId &&
              u.event.type === '13' &&
              (u.event.data as { topic_id: string }).topic_id === first.id,
          ),
        ).toBe(true),
      );
      expect(second.id).not.toBe(first.id);
    });
  });

  describe('the list', () => {
    let listThread: string;
    const ids: string[] = [];
    beforeAll(async () => {
      listThread = (
        await h.post(
          '/threads',
          { name: '晩ごはん何にした？', area_id: 27, category_id: 4, sub_category_id: 16 },
          poster,
        )
      ).json().data.id;
      const a = await h.user({ gender: '1', age_id: 2, user_name: '男20' });
      const b = await h.user({ gender: '2', age_id: 4, user_name: '女40' });
      const c = await h.user({ gender: '3', age_id: 2, user_name: '未設定20' });
      const d = await h.user({ gender: '2', age_id: 2, user_name: '女20' });
      await h.setOnline(a, true);
      await h.setOnline(b, false);
      await h.setOnline(d, true);
      for (const p of [a, b, c, d]) {
        h.clock.advance(1000);
        ids.unshift((await h.postVoice(p, listThread, { title: `${p.userId}の声` })).json().data.id);
      }
    });
    const list = async (q: string, who = reader) => (await h.get(`/topics?thread_id=${listThread}${q}`, who)).json();

    it('shows live voices newest first and pages by last_doc_id until an empty page', async () => {
      expect((await list('')).data.map((t: Topic) => t.id)).toEqual(ids);
      const seenIds: string[] = [];
      let cursor = '';
      for (let i = 0; i < 10; i += 1) {
        const page = await list(`&per_page=3${cursor ? `&last_doc_id=${cursor}` : ''}`);
        if (page.data.length === 0) break;
        seenIds.push(...page.data.map((t: Topic) => t.id));
        cursor = page.last_doc_id;
      }
      expect(seenIds).toEqual(ids);
    });

    it('keeps paging stable when new voices arrive between pages', async () => {
      const page1 = await list('&per_page=2');
      h.clock.advance(1000);
      const late = await h.user({ gender: '1', age_id: 5 });
      const lateId = (await h.postVoice(late, listThread)).json().data.id;
      const page2 = await list(`&per_page=10&last_doc_id=${page1.last_doc_id}`);
      expect(page2.data.map((t: Topic) => t.id)).toEqual(ids.slice(2));
      ids.unshift(lateId);
    });

    it('filters by gender, age band and presence on the server (0 = all)', async () => {
      const names = async (q: string) => (await list(q)).data.map((t: Topic) => t.user.user_name).sort();
      expect(await names('&gender=2')).toEqual(['女20', '女40']);
      expect(await names('&gender=1&age_id=2')).toEqual(['男20']);
      expect(await names('&age_id=2')).toEqual(['女20', '未設定20', '男20']);
      expect(await names('&user_status=1')).toEqual(['女20', '男20']);
      expect((await names('&user_status=2')).length).toBe(3);
      expect((await list('&gender=0&age_id=0&user_status=0')).data).toHaveLength(ids.length);
    });

    it('filters by area, category and sub-category, with area 1 meaning all areas', async () => {
      expect((await h.get('/topics?area_id=27&category_id=4&sub_category_id=16', reader)).json().data).toHaveLength(
        ids.length,
      );
      expect((await h.get('/topics?area_id=1&category_id=4&sub_category_id=16', reader)).json().data).toHaveLength(
        ids.length,
      );
      expect((await h.get('/topics?area_id=28&category_id=4&sub_category_id=16', reader)).json().data).toHaveLength(0);
      expect((await h.get(`/topics?thread_id=${uuidOf('no-such-theme')}`, reader)).json().data).toEqual([]);
      expect((await h.get(`/topics?thread_id=not-a-uuid`, reader)).statusCode).toBe(404);
    });

    it('marks the theme owner on every row of their theme', async () => {
      expect((await list('', poster)).data.every((t: Topic) => t.is_thread_owner)).toBe(true);
      expect((await list('', reader)).data.some((t: Topic) => t.is_thread_owner)).toBe(false);
    });
  });

  describe('anonymity', () => {
    let anon: Topic;
    let anonPoster: Person;
    beforeAll(async () => {
      anonPoster = await h.user({ user_name: 'ひみつ太郎', profile_image: '/api/v1/users/images/secret-face.jpg' });
      const t = await h.theme(anonPoster, { category_id: 5, sub_category_id: 19 });
      h.seen.channel.length = 0;
      anon = (await h.postVoice(anonPoster, t, { is_anonymous: true, title: '誰にも言えない' })).json().data;
    });
    const leaks = (body: string) =>
      body.includes('ひみつ太郎') || body.includes('secret-face') || body.includes(anonPoster.userId);

    it('shows the owner their own anonymous voice in full', () => {
      expect(anon.user).toMatchObject({ id: anonPoster.userId, user_name: 'ひみつ太郎', is_anonymous: true });
      expect(anon.user_id).toBe(anonPoster.userId);
    });

    it('never gives others the name, avatar or id: list, detail, theme list', async () => {
      const one = await h.get(`/topics/${anon.id}`, reader);
      expect(one.json().data).toMatchObject({
        user_id: null,
        user: { id: null, user_name: ANONYMOUS_NAME, profile_image: null, is_anonymous: true },
      });
      expect(leaks(one.body)).toBe(false);
      const listed = await h.get(`/topics?thread_id=${anon.thread_id}`, reader);
      expect(listed.json().data).toHaveLength(1);
      expect(leaks(listed.body)).toBe(false);
      expect(leaks((await h.get('/topics?per_page=100', reader)).body)).toBe(false);
    });

    it('never puts them in the live channel events either', async () => {
      await h.settle();
      const created = h.channelEvents(TOPIC_CHANNEL_EVENTS.created);
      expect(created.length).toBe(4);
      expect(h.seen.channel.map((c) => c.channel).sort()).toEqual(
        [
          topicChannels.all,
          topicChannels.category(5),
          topicChannels.subCategory(19),
          topicChannels.thread(anon.thread_id),
        ].sort(),
      );
      expect(leaks(JSON.stringify(h.seen.channel))).toBe(false);
      expect(created[0]!.data).toMatchObject({ id: anon.id, user: { user_name: ANONYMOUS_NAME }, is_mine: false });
    });
  });

  describe('incoming talks switch and clicks', () => {
    let voice: Topic;
    beforeAll(async () => {
      const t = await h.theme(poster, { category_id: 1, sub_category_id: 3 });
      voice = (await h.postVoice(poster, t)).json().data;
    });

    it('lets only the poster toggle is_callable', async () => {
      const off = await h.put(`/topics/${voice.id}`, { is_callable: false }, poster);
      expect(off.json().data.is_callable).toBe(false);
      expect((await h.get(`/threads/${voice.thread_id}`, poster)).json().data.topic).toEqual({
        total: 1,
        total_callable: 0,
      });
      const theirs = await h.put(`/topics/${voice.id}`, { is_callable: true }, reader);
      expect(theirs.statusCode).toBe(403);
      expect((await h.get(`/topics/${voice.id}`, reader)).json().data.is_callable).toBe(false);
      expect(
        (await h.put('/topics/00000000-0000-4000-8000-000000000000', { is_callable: true }, poster)).statusCode,
      ).toBe(404);
    });

    it('counts a click once per user and voice, even when sent many times at once', async () => {
      const clicks = await Promise.all(
        Array.from({ length: 12 }, () =>
          h.patch('/topics/updateClick', { threadId: voice.id, clickUserId: reader.userId }, reader),
        ),
      );
      expect(clicks.every((c) => c.statusCode === 200)).toBe(true);
      expect(clicks.filter((c) => c.json().data.counted)).toHaveLength(1);
      const third = await h.user();
      await h.patch('/topics/updateClick', { threadId: voice.id }, third);
      expect((await h.get(`/topics/${voice.id}`, reader)).json().data.click_number).toBe(2);
    });

    it('takes one heart per user (not from the poster), even when sent many times at once', async () => {
      const hearts = await Promise.all(
        Array.from({ length: 8 }, () => h.post(`/topics/${voice.id}/heart`, {}, reader)),
      );
      expect(hearts.filter((r) => r.json().data.counted)).toHaveLength(1);
      expect((await h.post(`/topics/${voice.id}/heart`, {}, poster)).json().data).toMatchObject({
        counted: false,
        heart_number: 1,
      });
      expect((await h.get(`/topics/${voice.id}`, reader)).json().data.heart_number).toBe(1);
      expect((await h.post('/topics/00000000-0000-4000-8000-000000000000/heart', {}, reader)).statusCode).toBe(404);
    });

    it('stores reports of a voice with newlines kept, refusing empty ones and reports of your own voice', async () => {
      const empty = await h.post(`/topics/${voice.id}/report`, { content: ' \n ' }, reader);
      expect(empty.statusCode).toBe(403);
      expect(empty.json().errors.content).toBe('通報内容を入力してください。');
      expect((await h.post(`/topics/${voice.id}/report`, { content: 'x' }, poster)).json().error).toBe(
        messages.cannotReportSelf,
      );
      const ok = await h.post(`/topics/${voice.id}/report`, { content: '1行目\n2行目' }, reader);
      expect(ok.json().data).toEqual({ message: 'success' });
      const rows = await h.ctx.db.selectFrom('topic_reports').selectAll().where('topic_id', '=', voice.id).execute();
      expect(rows.map((r) => [r.poster_id, r.reporter_id, r.content])).toEqual([
        [poster.userId, reader.userId, '1行目\n2行目'],
      ]);
      // Queued for the moderation service with the report and relayed, the voice's text copied as it stood.
      const queued = await h.ctx.db
        .selectFrom('outbox')
        .selectAll()
        .where('subject', '=', 'topics.voice.reported')
        .where('event_id', '=', `voice-report:${rows[0]!.id}`)
        .executeTakeFirstOrThrow();
      expect(queued.published_at).not.toBeNull();
      const payload = (typeof queued.payload === 'string' ? JSON.parse(queued.payload) : queued.payload) as {
        reporter_id: string;
        voice: { title: string };
      };
      expect(payload).toMatchObject({ reporter_id: reader.userId, poster_id: poster.userId, topic_id: voice.id });
      expect(payload.voice.title).toBe(voice.title);
    });

    it("does not count the poster's own opening, nor clicks in someone else's name", async () => {
      expect((await h.patch('/topics/updateClick', { threadId: voice.id }, poster)).json().data.counted).toBe(false);
      expect(
        (await h.patch('/topics/updateClick', { threadId: voice.id, clickUserId: poster.userId }, reader)).statusCode,
      ).toBe(403);
      expect((await h.patch('/topics/updateClick', { threadId: uuidOf('no-such-voice') }, reader)).json().error).toBe(
        messages.voiceGone,
      );
      // An id that is no UUID names no voice either, and never reaches the database.
      expect((await h.patch('/topics/updateClick', { threadId: 'nope' }, reader)).statusCode).toBe(404);
    });
  });
});
