import { isApiError } from '@honne/api-client';
import { ROOM_TYPES, chatEndpoints } from '@honne/contracts/chat';
import { pointsEndpoints } from '@honne/contracts/points';
import type { Topic } from '@honne/contracts/topics';
import { useOfferToBuy, usePopup } from '@honne/ui';
import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';

import { client, useFail } from '../../data/api.ts';

/** Words of the start-a-chat flow (spec topics-chat-calls §4 room opening). */
export const chatStartStrings = {
  // The spec's modal is 'name to post under'; answering a voice is no post, so the sheet asks how
  // you will talk (walk #33). Its options already say 〜で話す.
  nameTitle: 'どの名前で話しますか？',
  asMyName: 'ニックネームで話す',
  asAnonymous: '匿名で話す',
  priceConfirm: (price: number, balance: number | null) =>
    `この声とのチャットは ${price.toLocaleString('ja-JP')} ポイントです。${
      balance === null ? '' : `（保有ポイント：${balance.toLocaleString('ja-JP')} P）`
    }チャットを始めますか？`,
  priceOk: 'チャットを始める',
  notCallable: '通話を受け付けていません',
} as const;

/**
 * Opens (or reopens) the chat room on a voice and goes to /chat/:roomId. A priced voice's room is
 * only created after the price confirmation: the server answers 403 `price_confirmation_required`
 * for a new room, the person confirms, and the call is repeated with `confirm_price`.
 */
export function useStartChat(topic: Topic) {
  const [, navigate] = useLocation();
  const popup = usePopup();
  const offerToBuy = useOfferToBuy(navigate);
  const fail = useFail();
  const [busy, setBusy] = useState(false);
  const start = useCallback(
    async (isAnonymous: boolean) => {
      if (busy) return;
      setBusy(true);
      const body = { topic_id: topic.id, room_type_id: ROOM_TYPES.chatTopic, is_anonymous: isAnonymous };
      try {
        let id: string;
        try {
          id = (await client().call(chatEndpoints.createRoom, { body })).data.id;
        } catch (error) {
          if (!(isApiError(error) && error.code === 'price_confirmation_required')) throw error;
          // The price with what the payer holds, and their yes before anything is taken.
          const balance = await client()
            .call(pointsEndpoints.balance, {})
            .then(({ data }) => data.balance)
            .catch(() => null);
          const ok = await popup.confirm({
            message: chatStartStrings.priceConfirm(topic.chat_price, balance),
            confirmLabel: chatStartStrings.priceOk,
          });
          if (!ok) return;
          id = (await client().call(chatEndpoints.createRoom, { body: { ...body, confirm_price: true } })).data.id;
        }
        navigate(`/chat/${id}`);
      } catch (error) {
        if (isApiError(error) && error.code === 'points_insufficient') void offerToBuy(error.message);
        else void fail(error);
      } finally {
        setBusy(false);
      }
    },
    [busy, topic.id, topic.chat_price, navigate, popup, offerToBuy, fail],
  );
  return { start, busy };
}
