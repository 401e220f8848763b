import {
  EXPIRE_OPTIONS,
  checkExpireMinutes,
  countdown,
  defaultExpireMinutes,
  expireOptionsFor,
  historyName,
  initialPrice,
  priceOptions,
  rankUsable,
  validateTopicText,
} from '@honne/contracts/topics';
import { messages } from '@honne/contracts/messages';
import { describe, expect, it } from 'vitest';

describe('shared topic rules (contracts, used by the server and the screens)', () => {
  it('has the 12 expiry options of the spec', () => {
    expect(EXPIRE_OPTIONS.map((o) => [o.id, o.minutes])).toEqual([
      [1, 5],
      [2, 10],
      [3, 20],
      [4, 30],
      [5, 60],
      [6, 120],
      [7, 180],
      [8, 360],
      [9, 720],
      [10, 1440],
      [11, 2880],
      [12, 4320],
    ]);
  });

  it('limits expiry by the sub-category maximum and picks the default as §4 says', () => {
    expect(expireOptionsFor(30).map((o) => o.minutes)).toEqual([5, 10, 20, 30]);
    expect(defaultExpireMinutes(30)).toBe(30);
    expect(defaultExpireMinutes(25)).toBe(20);
    expect(defaultExpireMinutes(5)).toBe(5);
    expect(defaultExpireMinutes(60)).toBe(60);
    expect(defaultExpireMinutes(4320)).toBe(60);
    expect(checkExpireMinutes(60, 30)).toBe(messages.expireNotAllowed);
    expect(checkExpireMinutes(45, 4320)).toBe(messages.invalidChoice);
    expect(checkExpireMinutes(4320, 4320)).toBeUndefined();
  });

  it('prices: 0 to the maximum in steps of 10, starting at half rounded up to 10', () => {
    expect(priceOptions(50)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(initialPrice(100)).toBe(50);
    expect(initialPrice(150)).toBe(80);
    expect(initialPrice(130)).toBe(70);
    expect(initialPrice(15)).toBe(10);
    expect(initialPrice(0)).toBe(0);
    expect(rankUsable({ max_point_for_chatting: 0, max_point_for_a_call: 10 })).toBe(true);
    expect(rankUsable({ max_point_for_chatting: 0, max_point_for_a_call: 0 })).toBe(false);
  });

  it('counts down in the four styles of §4', () => {
    const now = 1_000_000;
    expect(countdown(now + (2 * 3600 + 5 * 60) * 1000, now)).toMatchObject({ style: 'normal', text: '2時間5分' });
    expect(countdown(now + 3600 * 1000, now)).toMatchObject({ style: 'warning', text: '60分' });
    expect(countdown(now + 59 * 60 * 1000, now)).toMatchObject({ style: 'warning', text: '59分' });
    expect(countdown(now + 59 * 1000, now)).toMatchObject({ style: 'seconds', text: '59秒' });
    expect(countdown(now - 5000, now)).toMatchObject({ style: 'seconds', text: '0秒', remainingSeconds: 0 });
  });

  it('counts characters as people do and trims before checking', () => {
    expect(validateTopicText({ title: '😀'.repeat(100) })).toEqual({});
    expect(validateTopicText({ title: ` ${'a'.repeat(100)} ` })).toEqual({});
    expect(validateTopicText({ title: 'a'.repeat(101) })).toEqual({ title: messages.maxLength100 });
  });

  it('cuts history names after 6 characters when longer than 7', () => {
    expect(historyName('あいうえおかき')).toBe('あいうえおかき');
    expect(historyName('あいうえおかきく')).toBe('あいうえおか…');
  });
});
