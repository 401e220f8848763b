import { events } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { VOICE_FLOOD_DEFAULTS } from '@honne/service-kit';
import { harnessForSuite, infraModes } from '@honne/service-kit/testing';
import { describe, expect, it } from 'vitest';

import { startHarness, type Harness, type Person } from './harness.ts';

// Flood limits on voices (ADR 0037), with small numbers so a test reaches them: posts per person per
// minute and per hour over every theme, the same text again, and stricter numbers in an account's
// first hour. Refused with 429 and a Japanese message before anything is stored.
describe.each(infraModes())('flood limits on voices ($name)', (mode) => {
  const suite = harnessForSuite(() =>
    startHarness(mode, {
      voiceFlood: {
        ...VOICE_FLOOD_DEFAULTS,
        perMinute: 3,
        perHour: 100,
        // A new account's minute limit off here, so its hour limit is what the test reaches.
        newPerMinute: 0,
        newPerHour: 2,
        sameText: 2,
        newSameText: 1,
      },
    }),
  );
  let area = 20;
  /** A theme of its own for each post (a second voice in one theme would replace the first). */
  const post = async (h: Harness, who: Person, body: object) =>
    h.postVoice(who, await h.theme(who, undefined, area++), body);

  it('refuses the fourth voice in a minute with 429 and a Japanese message; nothing stored; others post on', async () => {
    const { h } = suite;
    const poster = await h.user();
    for (let i = 0; i < 3; i++) expect((await post(h, poster, { title: `話題${i}です` })).statusCode).toBe(200);
    const fourth = await post(h, poster, { title: '四つめの話題' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ status: 429, code: 'flood_voices', error: messages.floodVoices, data: null });
    const stored = await h.ctx.db.selectFrom('topics').select('title').where('user_id', '=', poster.userId).execute();
    expect(stored.map((t) => t.title)).not.toContain('四つめの話題');
    expect((await post(h, await h.user(), { title: '別の人の話題' })).statusCode).toBe(200);
  });

  it('refuses the same text a third time however it is spelled', async () => {
    const { h } = suite;
    const poster = await h.user();
    const text = { title: '今夜だれか話そう', comment: '' };
    expect((await post(h, poster, text)).statusCode).toBe(200);
    expect((await post(h, poster, { ...text, title: '今夜　だれか　話そう' })).statusCode).toBe(200);
    const again = await post(h, poster, { ...text, title: '今夜ﾀﾞﾚｶ話そう' });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'flood_same_voice', error: messages.floodSameVoice });
  });

  it('holds a new account (registered within the hour) to its stricter numbers', async () => {
    const { h } = suite;
    const fresh = await h.user();
    await h.publish(
      events.userRegistered,
      { user_id: fresh.userId, email_id: fresh.userId, registered_at: h.clock.now().toISOString() },
      async () => (await h.ctx.cache.get(`flood:new:${fresh.userId}`)) !== null,
    );
    expect((await post(h, fresh, { title: 'はじめまして' })).statusCode).toBe(200);
    expect((await post(h, fresh, { title: 'よろしくね' })).statusCode).toBe(200);
    const third = await post(h, fresh, { title: 'もう一つだけ' });
    expect(third.statusCode).toBe(429);
    expect(third.json().error).toBe(messages.floodVoices);
  });
});
