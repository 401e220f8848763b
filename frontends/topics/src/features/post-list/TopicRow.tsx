import type { Topic } from '@honne/contracts/topics';
import { ExpertMark } from '@honne/ui';
import { memo } from 'react';

import { displayName, expireMs, isPaid } from '../../lib/format.ts';
import { strings } from '../../strings.ts';
import { Countdown } from '../shared/Countdown.tsx';
import { CoinIcon, EyeIcon, HeartIcon, PhoneIcon, PhoneOffIcon } from '../shared/icons.tsx';
import { UserAvatar } from '../shared/UserAvatar.tsx';

export interface TopicRowProps {
  topic: Topic;
  /** Posted by the creator of the theme: the highlighted row of spec §2. */
  owner: boolean;
  onOpen: (topic: Topic) => void;
  onExpire: (id: string) => void;
}

/**
 * One voice in the post list (spec §2): avatar with the callable mark, title, poster name (匿名さん
 * for anonymous posters), clicks, hearts, the paid mark, the live countdown; the theme owner's
 * row is highlighted. Memoised: time passing never re-renders it (the ticker writes the countdown).
 */
export const TopicRow = memo(function TopicRow({ topic, owner, onOpen, onExpire }: TopicRowProps) {
  const name = displayName(topic.user);
  return (
    <li className={owner ? 'tp-row tp-row--owner' : 'tp-row'} data-topic-id={topic.id}>
      <button type="button" className="tp-row__button" onClick={() => onOpen(topic)} aria-haspopup="dialog">
        <span className="tp-row__avatar">
          <UserAvatar user={topic.user} size={48} />
          <span
            className={topic.is_callable ? 'tp-row__call' : 'tp-row__call tp-row__call--off'}
            role="img"
            aria-label={topic.is_callable ? strings.callable : strings.notCallable}
          >
            {topic.is_callable ? <PhoneIcon size={12} /> : <PhoneOffIcon size={12} />}
          </span>
        </span>
        <span style={{ minWidth: 0 }}>
          <span className="tp-row__title">{topic.title}</span>
          <span className="tp-row__meta">
            <span className="tp-row__name">{name}</span>
            {topic.user.is_expert ? <ExpertMark /> : null}
            <span className="tp-stat">
              <EyeIcon size={14} />
              <span className="hn-visually-hidden">{strings.clicks}</span>
              {topic.click_number}
            </span>
            <span className="tp-stat">
              <HeartIcon size={14} />
              <span className="hn-visually-hidden">{strings.hearts}</span>
              {topic.heart_number}
            </span>
          </span>
        </span>
        <span className="tp-row__side">
          <Countdown expireAtMs={expireMs(topic)} onExpire={() => onExpire(topic.id)} />
          {isPaid(topic) ? (
            <span className="tp-tag tp-tag--paid">
              <CoinIcon size={12} />
              {strings.paid}
            </span>
          ) : null}
          {owner ? <span className="tp-tag tp-tag--owner">{strings.ownerRow}</span> : null}
          {!owner && topic.is_mine ? <span className="tp-tag tp-tag--mine">{strings.mine}</span> : null}
        </span>
      </button>
    </li>
  );
});

export function TopicRowSkeleton() {
  return (
    <div className="tp-skeleton-row" aria-hidden="true">
      <span className="hn-skeleton" style={{ width: 48, height: 48, borderRadius: '50%' }} />
      <span style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        <span className="hn-skeleton" style={{ width: '85%', height: 14 }} />
        <span className="hn-skeleton" style={{ width: '50%', height: 12 }} />
      </span>
      <span className="hn-skeleton" style={{ width: 56, height: 14 }} />
    </div>
  );
}
