import { chatEndpoints } from '@honne/contracts/chat';
import type { RealtimeCommandResult } from '@honne/contracts/realtime';
import { describe, expect, it } from 'vitest';

import { ApiError, CommandNotSent, RealtimeHub, sendChatMessage, type HonneApi } from '../src/index.ts';

const body = { room_id: 'r', message_type_id: 1, data: 'やあ', client_id: 'c-1' };

/** An API whose socket answers with `answer` (or has none) and whose HTTP client records its calls. */
function apiWith(answer: ((name: string) => Promise<RealtimeCommandResult>) | null) {
  const realtime = new RealtimeHub();
  const httpCalls: unknown[] = [];
  if (answer) {
    realtime.attach({ subscribe: () => () => undefined, command: (name) => answer(name) });
    realtime.setStatus('open');
  }
  const client = {
    call: async (endpoint: unknown, input: unknown) => {
      httpCalls.push({ endpoint, input });
      return { data: { id: 'via-http' }, status: 200, last_doc_id: null };
    },
  };
  return { api: { realtime, client } as unknown as HonneApi, httpCalls };
}

describe('sendChatMessage', () => {
  it('sends over the open socket and answers its envelope, with no HTTP request', async () => {
    const { api, httpCalls } = apiWith(async (name) => ({
      ref: 'c1',
      status: 200,
      body: { data: { id: `via-${name}` }, status: 200, error: null, last_doc_id: null },
    }));
    expect((await sendChatMessage(api, body)).data).toEqual({ id: 'via-message.send' });
    expect(httpCalls).toEqual([]);
  });

  it('raises the same ApiError as HTTP for an error answer (status, code, field messages)', async () => {
    const { api, httpCalls } = apiWith(async () => ({
      ref: 'c1',
      status: 403,
      body: {
        data: null,
        status: 403,
        error: '入力内容を確認してください。',
        code: 'validation',
        errors: { data: 'x' },
      },
    }));
    const error = await sendChatMessage(api, body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 403, code: 'validation', fieldErrors: { data: 'x' } });
    expect(httpCalls).toEqual([]);
  });

  it('falls back to POST /messages with the same body when there is no socket, or it drops before answering', async () => {
    const none = apiWith(null);
    expect((await sendChatMessage(none.api, body)).data).toEqual({ id: 'via-http' });
    expect(none.httpCalls).toEqual([{ endpoint: chatEndpoints.sendMessage, input: { body } }]);

    const dropped = apiWith(async () => {
      throw new CommandNotSent('closed');
    });
    expect((await sendChatMessage(dropped.api, body)).data).toEqual({ id: 'via-http' });
    expect(dropped.httpCalls).toHaveLength(1);
  });

  it('goes over HTTP while the gateway says it lost the bus, and when a command answers 503 (the bus went under it)', async () => {
    const { api, httpCalls } = apiWith(async () => {
      throw new Error('must not be used while the bus is down');
    });
    api.realtime.emit({ type: 'system.status', at: '', data: { down: ['bus'] } });
    expect(api.realtime.systemDown).toEqual(['bus']);
    expect((await sendChatMessage(api, body)).data).toEqual({ id: 'via-http' });
    expect(httpCalls).toHaveLength(1);

    const unavailable = apiWith(async () => ({
      ref: 'c1',
      status: 503,
      body: { data: null, status: 503, error: 'x', code: 'upstream_unavailable' },
    }));
    expect((await sendChatMessage(unavailable.api, body)).data).toEqual({ id: 'via-http' });
    expect(unavailable.httpCalls).toHaveLength(1);
  });

  it('sends a body too large for a socket frame (a base64 image) over HTTP', async () => {
    const { api, httpCalls } = apiWith(async () => {
      throw new Error('must not be used');
    });
    await sendChatMessage(api, { ...body, message_type_id: 9, data: 'A'.repeat(10_000) });
    expect(httpCalls).toHaveLength(1);
  });
});
