import { events, type EventPayload } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { eventually, infraModes, serveFilterLists } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from './harness.ts';

// ADR 0037: a character's name, forbidden matters and self-PR are shown as soon as they are saved,
// so nothing can wait for a moderator there: a `hold` word is refused with a message saying a
// moderator would have to look, and a `flag` word is saved and queued (accounts.text.flagged,
// through the outbox with the save) with the text as written.
describe.each(infraModes())('names and profile texts the filter holds or flags ($name)', (mode) => {
  let h: Harness;
  let me: Awaited<ReturnType<Harness['register']>>;
  const tag = Math.random().toString(36).slice(2, 7);
  const held = `保留語${tag}`;
  const flagged = `確認語${tag}`;
  const queued: EventPayload<typeof events.profileTextFlagged>[] = [];
  beforeAll(async () => {
    h = await startHarness(mode);
    h.infra.bus.subscribe(events.profileTextFlagged, (e) => void queued.push(e));
    await serveFilterLists(h.infra.bus, h.ctx.filterLists!, { [held]: 'hold', [flagged]: 'flag' });
    me = await h.register(`flagged-${tag}@example.jp`);
    expect((await h.onboard(me.caller, 'はなこ')).statusCode).toBe(200);
  });
  afterAll(() => h?.close());
  const put = (payload: object) => h.app.inject({ method: 'PUT', url: '/users', payload, headers: h.as(me.caller) });
  const queuedWith = (text: string) =>
    eventually(async () => {
      const e = queued.find((q) => Object.values(q.texts).some((t) => t.includes(text)));
      if (!e) throw new Error('not queued yet');
      return e;
    });

  it('refuses a hold word in a name or self-PR, saying a moderator would have to look', async () => {
    const named = await put({ user_name: `${held}子` });
    expect(named.statusCode).toBe(403);
    expect(named.json()).toMatchObject({ code: 'validation', errors: { user_name: messages.textNeedsReview } });
    const pr = await put({ userCharacterInputDetail: `よろしく${held}` });
    expect(pr.json().errors).toEqual({ userCharacterInputDetail: messages.textNeedsReview });
    const renamed = await h.app.inject({
      method: 'POST',
      url: '/users/change_user_name',
      payload: { user_name: `${held}` },
      headers: h.as(me.caller),
    });
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json().errors).toEqual({ user_name: messages.textNeedsReview });
  });

  it('saves a flagged self-PR and name as written and queues each with the save', async () => {
    const saved = await put({ userCharacterInputDetail: `趣味は${flagged}です`, userCharacterInputWord: 'なし' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.userCharacterInputDetail).toBe(`趣味は${flagged}です`);
    expect(await queuedWith(`趣味は${flagged}`)).toMatchObject({
      user_id: me.user_id,
      where: 'profile',
      ref: me.user_id,
      texts: { userCharacterInputDetail: `趣味は${flagged}です` },
      entries: [flagged],
    });

    const renamed = await h.app.inject({
      method: 'POST',
      url: '/users/change_user_name',
      payload: { user_name: `${flagged}丸` },
      headers: h.as(me.caller),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await queuedWith(`${flagged}丸`)).toMatchObject({ texts: { user_name: `${flagged}丸` } });
  });
});
