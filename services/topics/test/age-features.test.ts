import { AGE_FEATURE_REFUSAL, ageFeatureMessage, DEFAULT_AGE_FEATURES } from '@honne/contracts/age';
import { ageEvents, infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from './harness.ts';

// Features per age-assurance state (issue 28, ADR 0038): topics keeps the states and the policy
// from safety's durable events (kit age-states.ts) and refuses an anonymous voice where it is posted.
describe.each(infraModes())('anonymous voices by age-assurance state ($name)', (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(mode);
  });
  afterAll(() => h?.close());
  const age = () => ageEvents(h.infra.bus, () => h.ctx.db as never);

  it('posts an anonymous voice from anyone by default; once gated, only from a verified adult', async () => {
    const poster = await h.user({ user_name: 'ひみつ' });
    const theme = await h.theme(poster);
    const anonymous = () => h.postVoice(poster, theme, { is_anonymous: true });
    const first = await anonymous();
    expect(first.statusCode, first.body).toBe(200);
    await age().setFeatures({ ...DEFAULT_AGE_FEATURES, anonymous: ['verified_adult'] });
    try {
      const refused = await anonymous();
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({
        code: AGE_FEATURE_REFUSAL,
        error: ageFeatureMessage('anonymous', 'self_declared_adult'),
      });
      expect(refused.json().error).toBe(
        '匿名での投稿・回答には年齢確認が必要です。設定 → 年齢確認 から手続きしてください。',
      );
      // A named voice is not gated.
      expect((await h.postVoice(poster, theme)).statusCode).toBe(200);
      await age().setState(poster.userId, 'verified_adult');
      const allowed = await anonymous();
      expect(allowed.statusCode, allowed.body).toBe(200);
      expect(allowed.json().data.is_anonymous).toBe(true);
    } finally {
      await age().setFeatures(DEFAULT_AGE_FEATURES);
    }
  });
});
