import { getApi, isApiError, onBalanceChanged } from '@honne/api-client';
import { chatEndpoints, type Room } from '@honne/contracts/chat';
import { pointsEndpoints } from '@honne/contracts/points';
import { Button, Header, Skeleton, useOfferToBuy, usePopup } from '@honne/ui';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useParams } from 'wouter';

import { GIFT_COINS, giftUrl } from '../../lib/gifts.ts';
import { strings } from '../../strings.ts';
import { ensureChatStyles } from '../../styles.ts';
import { client, useFail } from '../shared/api.ts';

ensureChatStyles();

/**
 * /present/:roomId (spec: gift screen): the balance and the four presents; choosing one shows the
 * partner (or their anonymous name), the balance after it and the button that gives it. A present
 * may not take the balance to zero (§5). Success goes back to the room, where the gift stamp shows.
 * One confirmation is one gift: its idempotency key is made when the present is chosen.
 */
export default function Present() {
  const { roomId = '' } = useParams();
  const [, navigate] = useLocation();
  const popup = usePopup();
  const offerToBuy = useOfferToBuy(navigate);
  const fail = useFail();
  const [balance, setBalance] = useState<number | null>(null);
  const [room, setRoom] = useState<Room | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const toRoom = () => navigate(`/chat/${roomId}`, { replace: true });
  const key = useMemo(() => (chosen ? `${roomId}:${chosen}:${crypto.randomUUID()}` : ''), [chosen, roomId]);

  useEffect(() => {
    let alive = true;
    Promise.all([
      client().call(pointsEndpoints.balance, {}),
      client().call(chatEndpoints.room, { params: { id: roomId } }),
    ])
      .then(([b, r]) => {
        if (!alive) return;
        setBalance(b.data.balance);
        setRoom(r.data);
      })
      .catch(async (error: unknown) => {
        if (!alive) return;
        await fail(error);
        navigate(`/chat/${roomId}`, { replace: true });
      });
    // Another tab or a gift received meanwhile: the balance shown follows the server.
    const off = onBalanceChanged(getApi().realtime, setBalance);
    return () => {
      alive = false;
      off();
    };
  }, [roomId, fail, navigate]);

  const give = async () => {
    if (chosen === null || busy) return;
    setBusy(true);
    try {
      const { data } = await client().call(pointsEndpoints.sendCoin, {
        body: { coin: chosen, room_id: roomId, idempotency_key: key },
      });
      setBalance(data.balance);
      toRoom();
    } catch (error) {
      setBusy(false);
      // Spec: a refused gift says why (too few points, a partner who cannot receive); anything else
      // is 'An unexpected error occurred', then back to the room.
      if (isApiError(error) && error.status === 403) {
        // Too few points: the way to buy more, not a dead end (issue 33).
        if (error.code === 'points_insufficient') await offerToBuy(error.message);
        else await popup.alert(error.message);
        setChosen(null);
        return;
      }
      await fail(error);
      toRoom();
    }
  };

  const partner = room ? (room.userInfo.user_name ?? strings.noName) : '';
  const affordable = (coin: number) => balance !== null && balance - coin > 0;

  return (
    <div className="ch-screen">
      <Header title={strings.presentTitle} onBack={chosen === null ? toRoom : () => setChosen(null)} />
      <main className="hn-page ch-present">
        <section className="hn-card ch-present__balance" aria-labelledby="present-balance">
          <h2 id="present-balance" className="hn-field__label">
            {strings.balance}
          </h2>
          <p className="hn-num ch-present__points" aria-live="polite">
            {balance === null ? <Skeleton width={120} height={32} /> : strings.pointsValue(balance)}
          </p>
        </section>

        {chosen === null ? (
          <>
            <p className="hn-text-small ch-present__hint">{strings.giftChoose}</p>
            <ul className="ch-present__grid" aria-label={strings.presentTitle}>
              {GIFT_COINS.map((coin) => (
                <li key={coin}>
                  <button
                    type="button"
                    className="hn-card ch-present__item"
                    disabled={!affordable(coin)}
                    aria-label={strings.giftItem(coin)}
                    onClick={() => setChosen(coin)}
                  >
                    <img src={giftUrl(coin)} alt="" width={96} height={96} />
                    <span className="ch-present__coin">{strings.pointsValue(coin)}</span>
                    {balance !== null && !affordable(coin) ? (
                      <span className="hn-text-small ch-present__short">{strings.giftShort}</span>
                    ) : null}
                  </button>
                </li>
              ))}
            </ul>
            <p className="hn-text-small ch-present__hint">{strings.giftRule}</p>
          </>
        ) : (
          <section className="hn-card ch-present__confirm" aria-labelledby="present-confirm">
            <img src={giftUrl(chosen)} alt="" width={140} height={140} />
            <h2 id="present-confirm" className="ch-present__to">
              {strings.giftTo(partner)}
              <br />
              {strings.giftItem(chosen)}
            </h2>
            <dl className="ch-present__after">
              <dt>{strings.giftAfter}</dt>
              <dd className="hn-num">{balance === null ? '' : strings.pointsValue(balance - chosen)}</dd>
            </dl>
            <Button block loading={busy} onClick={() => void give()}>
              {strings.giftSend}
            </Button>
            <Button block variant="text" disabled={busy} onClick={() => setChosen(null)}>
              {strings.giftRechoose}
            </Button>
          </section>
        )}
      </main>
    </div>
  );
}
