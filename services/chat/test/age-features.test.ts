import { AGE_FEATURE_REFUSAL, ageFeatureMessage, DEFAULT_AGE_FEATURES } from '@honne/contracts/age';
import { ageEvents, infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from './harness.ts';

// Features per age-assurance state (issue 28, ADR 0038): chat refuses opening a paid chat, and
// answering a voice anonymously, where the policy keeps them from the opener's state; nothing is charged.
describe.each(infraModes())('paid and anonymous chats by age-assurance state ($name)', (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(mode);
  });
  afterAll(() => h?.close());
  const age = () => ageEvents(h.infra.bus, () => h.ctx.db as never);
  const open = (who: { userId: string }, topic: string, body: object = {}) =>
    h.post('/rooms', { topic_id: topic, room_type_id: 2, confirm_price: true, ...body }, who as never);

  it('opens paid and anonymous chats for anyone by default; once gated, only for a verified adult', async () => {
    const owner = await h.user();
    const replier = await h.user();
    expect((await open(replier, h.voice(owner, { chat_price: 10 }))).statusCode).toBe(200);
    expect((await open(replier, h.voice(owner), { is_anonymous: true })).statusCode).toBe(200);
    await age().setFeatures({ ...DEFAULT_AGE_FEATURES, paid_chats: ['verified_adult'], anonymous: ['verified_adult'] });
    try {
      const priced = h.voice(owner, { chat_price: 10 });
      const refused = await open(replier, priced);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({
        code: AGE_FEATURE_REFUSAL,
        error: ageFeatureMessage('paid_chats', 'self_declared_adult'),
      });
      // Nothing was charged and no room opened.
      expect([...h.charges.values()].filter((c) => c.from === replier.userId)).toHaveLength(1);
      expect(await h.ctx.db.selectFrom('rooms').select('id').where('topic_id', '=', priced).execute()).toEqual([]);
      const shy = await open(replier, h.voice(owner), { is_anonymous: true });
      expect(shy.json()).toMatchObject({
        code: AGE_FEATURE_REFUSAL,
        error: ageFeatureMessage('anonymous', 'self_declared_adult'),
      });
      // A free, named chat is not gated.
      expect((await open(replier, h.voice(owner))).statusCode).toBe(200);
      await age().setState(replier.userId, 'verified_adult');
      expect((await open(replier, priced)).statusCode).toBe(200);
      expect((await open(replier, h.voice(owner), { is_anonymous: true })).statusCode).toBe(200);
    } finally {
      await age().setFeatures(DEFAULT_AGE_FEATURES);
    }
  });
});
