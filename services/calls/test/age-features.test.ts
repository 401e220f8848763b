import {
  AGE_FEATURE_REFUSAL,
  ageFeatureMessage,
  DEFAULT_AGE_FEATURES,
  type AgeFeaturePolicy,
  type AgeState,
} from '@honne/contracts/age';
import { ageEvents, infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Person } from './harness.ts';

// Features per age-assurance state (issue 28, ADR 0038): calls keeps the states and the policy from
// safety's durable events (kit age-states.ts) and refuses a call, or a priced one, where it starts.
describe.each(infraModes())('calls and paid calls by age-assurance state ($name)', (mode) => {
  let h: Awaited<ReturnType<typeof startHarness>>;
  beforeAll(async () => {
    h = await startHarness(mode);
  });
  afterAll(async () => {
    await h?.close();
  });

  const age = () => ageEvents(h.infra.bus, () => h.calls.ctx.db as never);
  const setState = (p: Person, state: AgeState) => age().setState(p.userId, state);
  const setFeatures = (features: AgeFeaturePolicy) => age().setFeatures(features);

  /** `caller` rings `owner` on the owner's voice (priced `price` a minute); answers the response. */
  async function ring(caller: Person, owner: Person, price = 0) {
    const topic = h.voice(owner, { call_price: price, time_call_price: 1 });
    const room = await h.room(caller, { topic_id: topic, room_type_id: 4 });
    const res = await h.calls$('POST', `/rooms/${room}/calling`, caller, {});
    if (res.statusCode === 200) await h.calls$('POST', `/rooms/${room}/callanswer`, caller, { action: 'hangup' });
    return res;
  }

  it('lets every state call, free or priced, under the default policy', async () => {
    for (const state of [undefined, 'self_declared_adult', 'verified_adult', 'minor'] as const) {
      const [a, b] = [await h.user('かける'), await h.user('うける')];
      if (state) await setState(a, state);
      for (const price of [0, 30]) {
        const res = await ring(a, b, price);
        expect(res.statusCode, `${state ?? 'none'} price ${price}: ${res.body}`).toBe(200);
      }
    }
  });

  it('refuses a self-declared adult the calls the policy keeps for verified adults, saying where to verify', async () => {
    await setFeatures({ ...DEFAULT_AGE_FEATURES, calls: ['verified_adult'] });
    try {
      const [a, b] = [await h.user('かける'), await h.user('うける')];
      const refused = await ring(a, b);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({
        code: AGE_FEATURE_REFUSAL,
        error: ageFeatureMessage('calls', 'self_declared_adult'),
      });
      expect(refused.json().error).toContain('設定 → 年齢確認');
      // Nothing rang.
      expect((await h.calls$('GET', '/calls/current', b)).json().data).toBeNull();
      await setState(a, 'minor');
      expect((await ring(a, b)).json().error).toBe('通話は18歳未満の方はご利用いただけません。');
      await setState(a, 'verified_adult');
      const allowed = await ring(a, b);
      expect(allowed.statusCode, allowed.body).toBe(200);
    } finally {
      await setFeatures(DEFAULT_AGE_FEATURES);
    }
  });

  it('refuses only the priced call when paid calls alone are gated', async () => {
    await setFeatures({ ...DEFAULT_AGE_FEATURES, paid_calls: ['verified_adult'] });
    try {
      const [a, b] = [await h.user('はらう'), await h.user('うけとる')];
      expect((await ring(a, b, 0)).statusCode).toBe(200);
      const refused = await ring(a, b, 30);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({
        code: AGE_FEATURE_REFUSAL,
        error: ageFeatureMessage('paid_calls', 'self_declared_adult'),
      });
      await setState(a, 'verified_adult');
      expect((await ring(a, b, 30)).statusCode).toBe(200);
    } finally {
      await setFeatures(DEFAULT_AGE_FEATURES);
    }
  });
});
