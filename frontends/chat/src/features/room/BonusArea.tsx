import { chatEndpoints, type Room } from '@honne/contracts/chat';
import { Button, usePopup } from '@honne/ui';
import { useEffect, useRef, useState } from 'react';

import { strings } from '../../strings.ts';
import { useCallBalance } from '../call/useCallBalance.ts';
import { client, useFail } from '../shared/api.ts';

/**
 * The money-request area of a paid chat (spec §4 bonus chat): the voice's owner asks for a bonus
 * (the chat price again); while one is open the payer sees it with pay and decline. The room's
 * `bonus` comes back live ('room.updated'), so both sides follow without reloading.
 */
export function BonusArea({ room, onChanged }: { room: Room; onChanged: () => void }) {
  const popup = usePopup();
  const fail = useFail();
  const [busy, setBusy] = useState(false);
  const price = room.topic?.chat_price ?? 0;
  const t = strings.bonus;
  const watching = Boolean(room.topic?.is_mine) && price > 0;
  const open = room.bonus;
  // The payer decides with what they hold in view (every charge shows its price and the balance).
  const balance = useCallBalance(Boolean(open && room.topic && !room.topic.is_mine));
  // Walk #19: the owner is told how their request was answered. The room says only that a request
  // is open; when it closes, the bonus count (counted when it opened) says paid or declined.
  const countAtOpen = useRef<number | null>(null);
  useEffect(() => {
    if (!watching) return;
    let alive = true;
    const status = () => client().call(chatEndpoints.showBonusStatus, { params: { id: room.id } });
    if (open) {
      void status()
        .then(({ data }) => alive && (countAtOpen.current = data.bonus_count))
        .catch(() => undefined);
    } else if (countAtOpen.current !== null) {
      const before = countAtOpen.current;
      countAtOpen.current = null;
      void status()
        .then(({ data }) => void popup.alert(data.bonus_count > before ? t.ownerPaid(price) : t.ownerDeclined))
        .catch(() => undefined);
    }
    return () => {
      alive = false;
    };
  }, [watching, open, room.id, price, popup, t]);
  if (!room.topic || price <= 0 || room.deleted) return null;
  const owner = room.topic.is_mine;

  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      onChanged();
      await popup.alert(done);
    } catch (error) {
      await fail(error);
    } finally {
      setBusy(false);
    }
  };
  const params = { params: { id: room.id } };

  if (owner) {
    return (
      <div className="ch-bonus" role="region" aria-label={t.area}>
        <Button
          variant="secondary"
          block
          disabled={room.bonus}
          loading={busy}
          onClick={() => void run(() => client().call(chatEndpoints.bonusChat, params), t.requested)}
        >
          {room.bonus ? t.waiting : t.request(price)}
        </Button>
      </div>
    );
  }
  if (!room.bonus) return null;
  return (
    <div className="ch-bonus" role="region" aria-label={t.area}>
      <p style={{ margin: 0 }}>{t.asked(price)}</p>
      {balance !== null ? (
        <p style={{ margin: 0 }} className="hn-num" data-testid="bonus-balance">
          {t.held(balance)}
        </p>
      ) : null}
      <div className="ch-actions">
        <Button
          loading={busy}
          onClick={() =>
            void run(() => client().call(chatEndpoints.confirmBonusChat, { ...params, body: { status: 1 } }), t.paid)
          }
        >
          {t.pay}
        </Button>
        <Button
          variant="text"
          disabled={busy}
          onClick={() =>
            void run(
              () => client().call(chatEndpoints.confirmBonusChat, { ...params, body: { status: 0 } }),
              t.declined,
            )
          }
        >
          {t.decline}
        </Button>
      </div>
    </div>
  );
}
