import { getApi, isApiError, sendChatMessage } from '@honne/api-client';
import type { MessageCreateBody } from '@honne/contracts/chat';
import { useCallback, type Dispatch, type SetStateAction } from 'react';

import { addPending, loadPending, newClientId, removePending, type PendingMessage } from '../../lib/pending.ts';
import { nextStatus } from '../../lib/status.ts';
import { useFail } from '../shared/api.ts';

import type { ViewMessage } from './MessageItem.tsx';
import { draftOf, localId, merge, toView } from './room-messages.ts';

type Items = Dispatch<SetStateAction<ViewMessage[] | null>>;

/** How a send ended: stored, refused by the server (never resent), or kept on this device to resend. */
export type SendOutcome = 'sent' | 'refused' | 'kept';

/**
 * A refusal sending again cannot fix: the filter or contact guard, a block, too few points (403 or
 * 402), or a body the server will never take (400). The rest (offline, 5xx, timeouts) is kept.
 */
const refusedForGood = (error: unknown) =>
  isApiError(error) && error.kind === 'http' && [400, 402, 403].includes(error.status);

/**
 * Sending: a message shows at once as a draft, becomes the server's message when acknowledged, and
 * is kept on this device when it fails, to be resent by a tap or when the room opens again (spec §4).
 */
export function useOutbox(roomId: string, setItems: Items, onDraft: () => void) {
  const fail = useFail();

  const send = useCallback(
    async (
      body: Omit<MessageCreateBody, 'room_id'>,
      clientId = newClientId(),
      createdAt = new Date().toISOString(),
    ): Promise<SendOutcome> => {
      const full = { ...body, room_id: roomId, client_id: clientId };
      const draftId = localId(clientId);
      const draft = draftOf(body, roomId, clientId, createdAt);
      onDraft();
      setItems((list) => {
        const rest = (list ?? []).filter((m) => m.id !== draftId);
        return [...rest, draft];
      });
      try {
        const r = await sendChatMessage(getApi(), full);
        removePending(roomId, clientId);
        const sent = { ...toView(r.data), local: nextStatus('sending', { type: 'acked', status: r.data.status }) };
        setItems((list) =>
          merge(
            (list ?? []).filter((m) => m.id !== draftId),
            [sent],
          ),
        );
        return 'sent';
      } catch (error) {
        // Refused: sending again cannot help, so the draft goes and the popup says why; the composer
        // gets its text back to edit (walk: a refused message must not be lost). Anything else is
        // kept to resend.
        if (refusedForGood(error)) {
          removePending(roomId, clientId);
          setItems((list) => (list ?? []).filter((m) => m.id !== draftId));
          void fail(error);
          return 'refused';
        }
        addPending(roomId, { body: full, created_at: createdAt });
        setItems((list) =>
          (list ?? []).map((m) => (m.id === draftId ? { ...m, local: nextStatus(m.local, { type: 'failed' }) } : m)),
        );
        return 'kept';
      }
    },
    [roomId, fail, setItems, onDraft],
  );

  /** A kept message goes again under its own client id and time, so the server takes it once. */
  const sendAgain = useCallback(
    (p: PendingMessage) => {
      const { room_id: _r, client_id: cid, ...body } = p.body;
      void send(body, cid, p.created_at);
    },
    [send],
  );

  /** The resend button of a failed message. */
  const resend = useCallback(
    (m: ViewMessage) => {
      if (!m.client_id) return;
      const p = loadPending(roomId).find((x) => x.body.client_id === m.client_id);
      if (p) sendAgain(p);
    },
    [roomId, sendAgain],
  );

  /** Everything kept for this room, as it opens. */
  const resendAll = useCallback(() => {
    for (const p of loadPending(roomId)) sendAgain(p);
  }, [roomId, sendAgain]);

  return { send, resend, resendAll };
}
