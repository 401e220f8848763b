import { describe, expect, it } from 'vitest';

import { findContacts } from '../src/index.ts';

const kinds = (text: string) => findContacts(text).map((m) => m.kind);

describe('the contact-exchange guard', () => {
  it.each([
    '09012345678',
    '090-1234-5678',
    '090 1234 5678',
    '０９０－１２３４－５６７８',
    '(090)1234-5678',
    '+81 90 1234 5678',
    '〇九〇一二三四五六七八',
    'ぜろきゅうぜろ いちにさんよん ごろくななはち',
    'ゼロキューゼロ、イチニサンヨン、ゴロクナナハチ',
  ])('finds a phone number written as %s', (phone) => {
    expect(kinds(`電話して ${phone} まで`)).toContain('phone');
  });

  it.each([
    'taro@example.com',
    'taro＠example.jp',
    'taro at example dot com',
    'taro(at)example(dot)jp',
    'taroあっとexampleどっとcom',
  ])('finds an e-mail address written as %s', (mail) => {
    expect(kinds(`メールは ${mail} です`)).toContain('email');
  });

  it('finds SNS IDs and handles, URLs, asks to swap contacts, and plans to meet', () => {
    expect(kinds('ラインのIDは taro_123 だよ')).toEqual(['handle']);
    expect(kinds('インスタ @honne_taro フォローして')).toContain('handle');
    expect(kinds('LINE交換しよ')).toEqual(['exchange']);
    expect(kinds('連絡先教えて')).toEqual(['exchange']);
    expect(kinds('ここ見て https://example.com/x')).toEqual(['url']);
    expect(kinds('example.jp に書いてある')).toEqual(['url']);
    expect(kinds('明日渋谷駅で会おうよ')).toEqual(['meeting']);
    expect(kinds('待ち合わせしよ')).toEqual(['meeting']);
  });

  it('stays quiet on ordinary talk', () => {
    for (const text of [
      '今日は楽しかったね',
      'また会いたいね',
      '午後から雨らしい',
      'online gaming is fun',
      '2024年の12月31日',
      'ポイントを1000ポイント買った',
      'I did it!',
      'ゴーヤチャンプルー作った',
    ]) {
      expect(findContacts(text), text).toEqual([]);
    }
  });

  it('says where each finding was written', () => {
    const [m] = findContacts('番号は０９０－１２３４－５６７８だよ');
    expect(m!.written).toBe('０９０－１２３４－５６７８');
  });
});
