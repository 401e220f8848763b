import { createService as createChat } from '@honne/chat';
import type { HistoryItem, Reply } from '@honne/contracts/topics';
import { IDENTITY_HEADERS } from '@honne/service-kit';
import { infraModes, testConfig, testOverrides, uniqueName } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eventually, startHarness, type Harness, type Person } from './harness.ts';

/**
 * The core loop through the real chat service: a poster's history rows and reply list say what
 * waits in each conversation on their voice, so no message sent to a voice goes unseen.
 */
describe.each(infraModes())(
  'history rows and replies carry the room’s latest message and unread count ($name)',
  (mode) => {
    let h: Harness;
    let chat: Awaited<ReturnType<typeof createChat>>;
    const chatConfig = testConfig('chat', mode);
    let poster: Person;
    let replier: Person;

    const asChat = (method: 'GET' | 'POST' | 'PUT', url: string, who: Person, payload?: object) =>
      chat.app.inject({
        method,
        url,
        headers: {
          [IDENTITY_HEADERS.userId]: who.userId,
          [IDENTITY_HEADERS.sessionId]: who.sessionId,
          [IDENTITY_HEADERS.internalToken]: chatConfig.internalToken,
        },
        ...(payload ? { payload } : {}),
      });

    beforeAll(async () => {
      h = await startHarness(mode);
      chat = await createChat(chatConfig, testOverrides(mode, h.infra, h.clock, uniqueName('chat')));
      if (h.infra.bus.kind === 'nats') await h.infra.bus.flush();
      poster = await h.user({ user_name: 'はなこ' });
      replier = await h.user({ user_name: 'たろう' });
    });
    afterAll(async () => {
      await chat?.close();
      await h?.close();
    });

    it('shows the poster each reply’s latest message and unread count, until they read it', async () => {
      const thread = await h.theme(poster);
      const topicId = (await h.postVoice(poster, thread)).json().data.id as string;
      const room = (await asChat('POST', '/rooms', replier, { topic_id: topicId, room_type_id: 2 })).json().data;
      for (const data of ['はじめまして', 'お話ししませんか']) {
        expect(
          (await asChat('POST', '/messages', replier, { room_id: room.id, message_type_id: 1, data })).statusCode,
        ).toBe(200);
      }

      const row = await eventually(async () => {
        const items = (await h.get('/history?type=1', poster)).json().data as HistoryItem[];
        const found = items.find((i) => i.room_id === room.id);
        if (!found) throw new Error('no history row yet');
        return found;
      });
      expect(row).toMatchObject({ latest_message: 'お話ししませんか', unread_count: 2, user: { user_name: 'たろう' } });
      const replies = (await h.get(`/topics/${topicId}/reply-list?type=0`, poster)).json().data as Reply[];
      expect(replies).toEqual([
        expect.objectContaining({ room_id: room.id, latest_message: 'お話ししませんか', unread_count: 2 }),
      ]);
      // The replier's own row: their latest message, nothing unread.
      const mine = (await h.get('/history?type=2', replier)).json().data as HistoryItem[];
      expect(mine.find((i) => i.room_id === room.id)).toMatchObject({
        latest_message: 'お話ししませんか',
        unread_count: 0,
      });

      // The poster opens the room from the row and answers: the counts follow.
      expect((await asChat('PUT', `/rooms/${room.id}/read`, poster, {})).statusCode).toBe(200);
      await asChat('POST', '/messages', poster, { room_id: room.id, message_type_id: 1, data: 'ぜひ！' });
      const after = (await h.get('/history?type=1', poster)).json().data as HistoryItem[];
      expect(after.find((i) => i.room_id === room.id)).toMatchObject({ latest_message: 'ぜひ！', unread_count: 0 });
      const theirs = (await h.get('/history?type=2', replier)).json().data as HistoryItem[];
      expect(theirs.find((i) => i.room_id === room.id)).toMatchObject({ latest_message: 'ぜひ！', unread_count: 1 });
    });

    it('names the viewer’s room on a voice in GET /topics/{id}, and the owner’s by ?room_id=', async () => {
      const thread = await h.theme(poster);
      const topicId = (await h.postVoice(poster, thread)).json().data.id as string;
      const room = (await asChat('POST', '/rooms', replier, { topic_id: topicId, room_type_id: 2 })).json().data;
      const seen = await eventually(async () => {
        const t = (await h.get(`/topics/${topicId}`, replier)).json().data;
        if (!t.room_id) throw new Error('room not recorded yet');
        return t;
      });
      expect(seen).toMatchObject({ room_id: room.id, room: { id: room.id } });
      expect((await h.get(`/topics/${topicId}?room_id=${room.id}`, poster)).json().data).toMatchObject({
        room_id: room.id,
        room: { id: room.id },
      });
      // Someone else's room id names nothing.
      const stranger = await h.user();
      expect((await h.get(`/topics/${topicId}?room_id=${room.id}`, stranger)).json().data).toMatchObject({
        room_id: null,
        room: null,
      });
    });
  },
);
