import { getApi } from '@honne/api-client';
import { profileEndpoints } from '@honne/contracts/profile';
import { countdown, topicsEndpoints, type Topic } from '@honne/contracts/topics';
import { LinkedText } from '@honne/ui';
import { useEffect, useState } from 'react';

import { strings } from '../../strings.ts';
import { client } from '../shared/api.ts';

/** The friend's live voice and where it stands (category › sub-category › area); null when none. */
export function useFriendTopic(topicId: string | null, friendId: string) {
  const [state, setState] = useState<{ topic: Topic; path: string } | null>(null);
  useEffect(() => {
    if (!topicId) return;
    let alive = true;
    (async () => {
      const topic = (await client().call(topicsEndpoints.topic, { params: { id: topicId } })).data;
      // The voice they became friends on may be the viewer's own: the panel shows the friend's.
      if (topic.user.id !== friendId) return;
      const [cats, subs, areas] = await Promise.all([
        client().call(topicsEndpoints.categories),
        client().call(topicsEndpoints.subCategories, { query: { category_id: topic.category_id } }),
        client().call(profileEndpoints.areas),
      ]);
      const name = (list: { id: number; name: string }[], id: number) => list.find((x) => x.id === id)?.name;
      const path = [
        name(cats.data, topic.category_id),
        name(subs.data, topic.sub_category_id),
        name(areas.data, topic.area_id),
      ]
        .filter(Boolean)
        .join(' › ');
      if (alive) setState({ topic, path });
    })().catch(() => undefined); // An expired or deleted voice simply is not shown.
    return () => {
      alive = false;
    };
  }, [topicId, friendId]);
  return state;
}

/** Remaining time on the server's clock, ticking each second; the warning style under an hour. */
function Remaining({ expireAtMs }: { expireAtMs: number }) {
  const [now, setNow] = useState(() => getApi().clock.now());
  useEffect(() => {
    const t = setInterval(() => setNow(getApi().clock.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const c = countdown(expireAtMs, now);
  return (
    <span className="ch-topic__remaining" data-countdown={c.style}>
      {strings.remaining} {c.text}
    </span>
  );
}

/** Spec §2 friend detail: counts, remaining time, the path, title and comment of the friend's voice. */
export function FriendTopic({ topic, path }: { topic: Topic; path: string }) {
  return (
    <section className="ch-topic" aria-label={strings.friendTopic}>
      <div className="ch-topic__stats">
        <span>
          {strings.views} <strong>{topic.click_number}</strong>
        </span>
        <span>
          {strings.hearts} <strong>{topic.heart_number}</strong>
        </span>
        <Remaining expireAtMs={topic.expire_at._seconds * 1000} />
      </div>
      {path ? <p className="ch-topic__path">{path}</p> : null}
      <h3 className="ch-topic__title">
        <LinkedText text={topic.title} />
      </h3>
      {topic.comment ? (
        <p className="ch-topic__comment">
          <LinkedText text={topic.comment} />
        </p>
      ) : null}
    </section>
  );
}
