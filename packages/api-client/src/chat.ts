import { chatEndpoints, type Message, type MessageCreateBody } from '@honne/contracts/chat';

import type { CallResult } from './client.ts';
import { httpError } from './errors.ts';
import type { HonneApi } from './instance.ts';
import { CommandNotSent } from './realtime.ts';

/** Frames above this go over HTTP (the gateway takes small socket frames only; a base64 image is not one). */
const MAX_COMMAND_BYTES = 3_000;

/**
 * POST /messages: over the open real-time socket when there is one (no HTTP request per message,
 * and the answer comes on the connection the reply will too), otherwise, or when the socket drops
 * before answering, over HTTP. Both paths answer the same and raise the same ApiError; a message
 * with a `client_id` is stored once however often it is sent, so the fallback never doubles it.
 */
export async function sendChatMessage(api: HonneApi, body: MessageCreateBody): Promise<CallResult<Message>> {
  // Commands ride the bus: while the gateway has lost NATS they cannot reach chat, HTTP still can.
  const busDown = api.realtime.systemDown.includes('bus');
  if (api.realtime.status === 'open' && !busDown && JSON.stringify(body).length <= MAX_COMMAND_BYTES) {
    try {
      const { status, body: envelope } = await api.realtime.command('message.send', body);
      if (status === 200) return envelope as CallResult<Message>;
      // 503: the bus went away under the command; the HTTP path does not need it.
      if (status !== 503) throw httpError(status, envelope);
    } catch (error) {
      if (!(error instanceof CommandNotSent)) throw error;
    }
  }
  return api.client.call(chatEndpoints.sendMessage, { body });
}
