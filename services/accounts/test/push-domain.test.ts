import { MESSAGE_PREVIEW } from '@honne/contracts/chat';
import { PUSH_MESSAGES, PUSH_TEXT_MAX } from '@honne/contracts/push';
import { describe, expect, it } from 'vitest';

import { messagePush } from '../src/domain/push.ts';
import { chatMessage } from './push-fixtures.ts';

/** The payload rules alone (no I/O): what a lock screen may show of a message. */
describe('web push payload of a message', () => {
  const at = '2026-11-25T00:00:00.000Z';
  const base = chatMessage({
    id: 'm1',
    room_id: 'r1',
    user_id: 'alice',
    user_name: 'アリス',
    receiver_id: 'bob',
    data: 'やあ',
    created_at: at,
    expire_at: at,
  });
  const open = { partnerId: 'alice', partnerAnonymous: false, selfAnonymous: false };

  it('names a named sender and shows the text, clipped for the lock screen', () => {
    expect(messagePush(base, 'bob', open, { senderName: 'アリス', showText: true, at })).toMatchObject({
      title: PUSH_MESSAGES.messageTitleNamed('アリス'),
      body: 'やあ',
    });
    const long = messagePush({ ...base, data: 'あ'.repeat(PUSH_TEXT_MAX + 5) }, 'bob', open, {
      senderName: 'アリス',
      showText: true,
      at,
    });
    expect([...long!.body]).toHaveLength(PUSH_TEXT_MAX + 1);
  });

  it('hides the text for an anonymous room on either side and with previews off; never names an anonymous partner', () => {
    for (const sides of [
      { ...open, partnerAnonymous: true },
      { ...open, selfAnonymous: true },
    ]) {
      const p = messagePush(base, 'bob', sides, { senderName: 'アリス', showText: true, at })!;
      expect(p.body).toBe(PUSH_MESSAGES.messageHidden);
      if (sides.partnerAnonymous) expect(p.title).toBe(PUSH_MESSAGES.messageTitleAnonymous);
    }
    expect(messagePush(base, 'bob', open, { senderName: 'アリス', showText: false, at })!.body).toBe(
      PUSH_MESSAGES.messageHidden,
    );
  });

  it('says what kind of message it is for images, stamps and voice, and pushes nothing of one’s own', () => {
    const image = messagePush({ ...base, message_type_id: 2, data: 'https://x/y.png' }, 'bob', open, {
      senderName: 'アリス',
      showText: true,
      at,
    });
    expect(image!.body).toBe(MESSAGE_PREVIEW.image);
    const voice = messagePush({ ...base, is_voice: true, data: 'https://x/v.m4a' }, 'bob', open, {
      senderName: 'アリス',
      showText: true,
      at,
    });
    expect(voice!.body).toBe(MESSAGE_PREVIEW.voice);
    expect(messagePush({ ...base, is_mine: true }, 'bob', open, { senderName: null, showText: true, at })).toBeNull();
  });
});
