import { unreadBadge, validateChatText, validateReport } from '@honne/contracts/chat';
import { messages } from '@honne/contracts/messages';
import { describe, expect, it } from 'vitest';

import { decodeBase64, imageIdOf, imageUrl } from '../src/domain/images.ts';
import { chatCard, messageExpiry, pairKey, preview, retentionMinutes } from '../src/domain/views.ts';

// Rules with no I/O: no database, bus or cache, so no infrastructure modes either.
describe('chat domain rules', () => {
  it('keys one room per pair per voice and one friend room per pair, whoever opens it', () => {
    expect(pairKey('topic', 'b', 'a', 't1')).toBe(pairKey('topic', 'a', 'b', 't1'));
    expect(pairKey('topic', 'a', 'b', 't1')).not.toBe(pairKey('topic', 'a', 'b', 't2'));
    expect(pairKey('friend', 'b', 'a')).toBe('friend:a:b');
  });

  it('expires at the sender’s retention (default 60 minutes), never after the voice', () => {
    const now = new Date('2026-01-10T09:00:00Z');
    expect(messageExpiry(now, undefined, null).toISOString()).toBe('2026-01-10T10:00:00.000Z');
    expect(messageExpiry(now, 5, null).toISOString()).toBe('2026-01-10T09:05:00.000Z');
    expect(messageExpiry(now, 4320, '2026-01-10T09:30:00Z').toISOString()).toBe('2026-01-10T09:30:00.000Z');
    expect(retentionMinutes(0)).toBe(60);
  });

  it('shows nothing of an anonymous person but the fact', () => {
    const card = { user_id: 'u1', user_name: 'はなこ', profile_image: '/a.png', gender: '2', age_id: 3, area_id: 14 };
    expect(chatCard('u1', card, true)).toEqual({
      id: null,
      user_name: '匿名さん',
      profile_image: null,
      gender: null,
      age_id: null,
      area_id: null,
      is_anonymous: true,
    });
    expect(chatCard('u1', card, false)).toMatchObject({ id: 'u1', user_name: 'はなこ', is_anonymous: false });
  });

  it('previews voice, sound, image, stamp and text', () => {
    const m = (message_type_id: number, extra = {}) => ({
      message_type_id,
      data: 'やあ',
      is_sound: false,
      is_voice: false,
      sender_id: 'caller',
      ...extra,
    });
    expect(preview(m(1), 'callee')).toBe('やあ');
    expect(preview(m(1, { is_voice: true }), 'callee')).toBe('ボイスメッセージ');
    expect(preview(m(1, { is_sound: true }), 'callee')).toBe('効果音');
    expect(preview(m(2), 'callee')).toBe('画像');
    expect(preview(m(4), 'callee')).toBe('画像');
    expect(preview(m(3), 'callee')).toBe('スタンプ');
  });

  it('previews a call record as each side reads it (walk #17)', () => {
    const record = (message_type_id: number, data: string) => ({
      message_type_id,
      data,
      is_sound: false,
      is_voice: false,
      sender_id: 'caller',
    });
    // Nobody answered: the callee missed it, the caller got no answer.
    expect(preview(record(5, 'missed'), 'callee')).toBe('不在着信');
    expect(preview(record(5, 'missed'), 'caller')).toBe('応答なし');
    // Declined: the callee chose it, the caller was refused; neither is a missed call.
    expect(preview(record(8, 'refuse'), 'callee')).toBe('通話を拒否しました');
    expect(preview(record(8, 'refuse'), 'caller')).toBe('通話が拒否されました。');
    expect(preview(record(8, 'busy'), 'caller')).toBe('相手が話中です。');
    expect(preview(record(6, '65'), 'callee')).toBe('通話しました');
    expect(preview(record(7, 'cancel'), 'callee')).toBe('キャンセルされました。');
  });

  it('checks text and reports as the spec says', () => {
    expect(validateChatText(' \n ')).toEqual({ data: messages.chatTextRequired });
    expect(validateChatText('a'.repeat(255))).toEqual({});
    expect(validateChatText('a'.repeat(256))).toEqual({ data: messages.chatTextTooLong });
    expect(validateReport('')).toEqual({ content: '通報内容を入力してください。' });
    expect(validateReport('a\nb')).toEqual({});
  });

  it('caps the badge at 99+ from 100', () => {
    expect([0, 1, 99, 100, 250].map(unreadBadge)).toEqual(['', '1', '99', '99+', '99+']);
  });

  it('decodes data URLs and bare base64, and knows its own image URLs', () => {
    expect(decodeBase64('data:image/png;base64,AQID')).toEqual(Buffer.from([1, 2, 3]));
    expect(decodeBase64('AQID')).toEqual(Buffer.from([1, 2, 3]));
    expect(decodeBase64('%%%')).toBeUndefined();
    const id = '2b1f0c62-9a0e-4c55-9d38-7f0d8f1f2a11';
    expect(imageIdOf(imageUrl(id))).toBe(id);
    expect(imageIdOf(`https://evil.example/x/${id}`)).toBeUndefined();
  });
});
