import { getApi } from '@honne/api-client';
import { friendsEndpoints, type FriendRequest } from '@honne/contracts/friends';
import { dataOf, realtimeEvents } from '@honne/contracts/realtime-events';
import { Avatar, Button, usePopup } from '@honne/ui';
import { useEffect, useState } from 'react';

import { strings } from '../../strings.ts';
import { client, useFail } from '../shared/api.ts';

/**
 * Friend requests waiting for me, above the friend list (walk #21): accept makes us friends (the
 * row arrives through '11'), delete drops the request without telling the asker. New requests
 * arrive live.
 */
export function FriendRequests() {
  const popup = usePopup();
  const fail = useFail();
  const [requests, setRequests] = useState<FriendRequest[]>([]);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    client()
      .call(friendsEndpoints.friendRequests, {})
      .then(({ data }) => alive && setRequests(data))
      .catch(() => undefined);
    const off = getApi().realtime.subscribe((event) => {
      const r = dataOf(event, realtimeEvents.friendRequested);
      if (r) setRequests((list) => [r, ...list.filter((x) => x.id !== r.id)]);
    });
    return () => {
      alive = false;
      off();
    };
  }, []);

  if (requests.length === 0) return null;

  const answer = async (r: FriendRequest, accept: boolean) => {
    setBusy(r.id);
    try {
      const endpoint = accept ? friendsEndpoints.acceptFriendRequest : friendsEndpoints.declineFriendRequest;
      await client().call(endpoint, { params: { id: r.id } });
      setRequests((list) => list.filter((x) => x.id !== r.id));
      if (accept) await popup.alert(strings.requestAccepted(r.user.user_name ?? strings.noName));
    } catch (error) {
      setRequests((list) => list.filter((x) => x.id !== r.id));
      void fail(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-label={strings.requestsTitle} className="ch-requests">
      <h2 className="ch-requests__title">
        {strings.requestsTitle}（{requests.length}）
      </h2>
      <ul className="ch-list">
        {requests.map((r) => {
          const name = r.user.user_name ?? strings.noName;
          return (
            <li key={r.id} className="ch-friend" data-testid="friend-request">
              <Avatar src={r.user.profile_image} alt="" size={52} />
              <div className="ch-friend__name">{name}</div>
              <div className="ch-requests__actions">
                <Button
                  className="ch-requests__button"
                  aria-label={strings.acceptRequest(name)}
                  loading={busy === r.id}
                  onClick={() => void answer(r, true)}
                >
                  {strings.accept}
                </Button>
                <Button
                  className="ch-requests__button"
                  variant="secondary"
                  aria-label={strings.declineRequest(name)}
                  disabled={busy === r.id}
                  onClick={() => void answer(r, false)}
                >
                  {strings.decline}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
