import { callView } from '@honne/contracts/testing';
import { describe, expect, it } from 'vitest';

import { endNote, endNotice, toSession } from '../src/features/call/call-api.ts';
import { volumeGain } from '../src/features/call/lib/tones.ts';
import { formatElapsed, hasMedia, isFullView, isTalkView } from '../src/features/call/model.ts';

describe('call overlay rules', () => {
  it('picks the view of spec §2 by state', () => {
    expect(['calling', 'busy', 'refuse'].every((s) => isFullView(s as never))).toBe(true);
    expect(isFullView('receiving')).toBe(false);
    expect(
      ['waiting_connect', 'connecting', 'connected', 'disconnect', 'unable_connect', 'waiting_review'].every((s) =>
        isTalkView(s as never),
      ),
    ).toBe(true);
    expect(hasMedia('connected') && hasMedia('waiting_connect') && !hasMedia('receiving')).toBe(true);
  });

  it('says the spec §8 message of an end, with the cause suffix', () => {
    expect(endNotice(callView({ state: 'disconnect', disconnect_code: 22 }))).toBe('切断されました。22');
    expect(endNotice(callView({ state: 'disconnect', disconnect_code: 44, end_cause: 'no_points' }))).toBe(
      '切断されました。44\nポイントが不足です。',
    );
    expect(endNotice(callView({ role: 'callee', state: 'end', end_cause: 'cancel' }))).toBe('キャンセルされました。');
    expect(endNotice(callView({ role: 'callee', state: 'unable_connect' }))).toBe('通話できません。');
    // A hang-up the user made themselves needs no popup.
    expect(endNotice(callView({ state: 'end', end_cause: 'hangup' }))).toBeNull();
    // The partner of the side that hung up (spec §8, cause 11): said in passing, not as an error
    // popup (walk #12); a callee who let it ring out missed it, nobody cancelled it (walk #13).
    const partnerHungUp = callView({ state: 'disconnect', end_cause: 'hangup', disconnect_code: 11 });
    expect(endNotice(partnerHungUp)).toBeNull();
    expect(endNote(partnerHungUp)).toBe('切断されました。11');
    const rangOut = callView({ role: 'callee', state: 'end', end_cause: 'missed' });
    expect(endNotice(rangOut)).toBeNull();
    expect(endNote(rangOut)).toBe('不在着信');
    expect(endNote(callView({ role: 'callee', state: 'end', end_cause: 'cancel' }))).toBeNull();
    // A line that was lost stays a popup.
    expect(endNote(callView({ state: 'disconnect', end_cause: 'disconnect', disconnect_code: 33 }))).toBeNull();
    // A payer under 18 at their monthly cap learns why; the partner is not told the payer is a minor.
    expect(endNotice(callView({ state: 'end', end_cause: 'monthly_cap', i_pay: true }))).toMatch(/^18歳未満の方が/);
    expect(endNotice(callView({ state: 'end', end_cause: 'monthly_cap', i_pay: false }))).toBe(
      'お相手のご利用上限に達したため、通話を終了しました。',
    );
  });

  it('an anonymous call carries the anonymity and the relay-only policy into the session', () => {
    const s = toSession(callView({ partner_anonymous: true, ice_transport_policy: 'relay' }), null);
    expect(s.anonymous).toBe(true);
    expect(s.relay_only).toBe(true);
    expect(s.partner.name).toBeNull();
    expect(s.partner_id).toBeNull();
  });

  it('formats the talk time and the ring volume', () => {
    expect(formatElapsed(65_000)).toBe('1:05');
    expect(formatElapsed(3_725_000)).toBe('1:02:05');
    expect(volumeGain(100)).toBe(1);
    expect(volumeGain(50)).toBe(0.25);
    expect(volumeGain(0)).toBe(0);
  });
});
