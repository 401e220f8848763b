import type { Friend } from '@honne/contracts/friends';
import { GENDERS, PERSONALITIES, profileEndpoints, type PublicUser } from '@honne/contracts/profile';
import { Avatar, BottomSheet, Button, Skeleton, SnsLinks } from '@honne/ui';
import { useEffect, useState } from 'react';

import { strings } from '../../strings.ts';
import { client } from '../shared/api.ts';
import { BlockIcon, ChatIcon, PhoneIcon, TrashIcon } from '../shared/icons.tsx';

import { startFriendCall } from '../call/start.ts';

import { useFriendActions, useOpenFriendRoom } from './useFriendActions.ts';
import { FriendTopic, useFriendTopic } from './FriendTopic.tsx';
import { ReportUserSheet } from './ReportUserSheet.tsx';

/** Gender in Japanese (spec §3: 1 male, 2 female, anything else unspecified), never a letter. */
export const genderName = (gender: string | null | undefined) =>
  GENDERS.find((g) => g.value === gender)?.name ?? GENDERS[2].name;

/** 'A型・明るい' from the blood settings; null when neither is set. */
export function bloodLine(user: PublicUser): string | null {
  const b = user.userBloodSettings;
  const parts = [
    b?.bloodType ? `${b.bloodType}型` : null,
    PERSONALITIES.find((p) => p.value === b?.personality)?.name ?? null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('・') : null;
}

/** A titled text section of the panel, with the spec's 'no data' when empty. */
function TextSection({ title, text }: { title: string; text: string | null | undefined }) {
  return (
    <section className="ch-section">
      <h3 className="ch-section__title">{title}</h3>
      {text?.trim() ? (
        <p className="ch-section__text">{text}</p>
      ) : (
        <p className="ch-section__text ch-section__text--empty">{strings.noData}</p>
      )}
    </section>
  );
}

/**
 * The friend detail panel (spec §2): the card from `GET /users/{id}` (area, gender, age, blood
 * type and personality), the friend's live voice (counts, remaining time, path, title, comment),
 * forbidden matters and self-PR, then chat, call, report (never for oneself), block and delete.
 */
export function FriendDetail({
  friend,
  onClose,
  onGone,
}: {
  friend: Friend;
  onClose: () => void;
  onGone: (userId: string) => void;
}) {
  const openRoom = useOpenFriendRoom();
  const { block, remove } = useFriendActions();
  const [user, setUser] = useState<PublicUser | null>(null);
  const [reporting, setReporting] = useState(false);
  const topic = useFriendTopic(friend.topic_id, friend.user.id);
  useEffect(() => {
    let alive = true;
    client()
      .call(profileEndpoints.userDetail, { params: { id: friend.user.id } })
      .then((r) => alive && setUser(r.data))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [friend.user.id]);
  const name = friend.user.user_name ?? strings.noName;
  const blood = user ? bloodLine(user) : null;
  if (reporting) return <ReportUserSheet userId={friend.user.id} onClose={() => setReporting(false)} />;
  return (
    <BottomSheet title={strings.partnerCard} onClose={onClose}>
      <div className="ch-card">
        <Avatar src={friend.user.profile_image} alt={name} size={96} />
        <strong style={{ fontSize: 18 }}>{name}</strong>
        {user ? (
          <div className="ch-card__meta">
            {user.area?.name ? <span>{user.area.name}</span> : null}
            {/* '3' (unspecified) shows nothing rather than 未設定 (walk #32). */}
            {user.gender === '1' || user.gender === '2' ? <span>{genderName(user.gender)}</span> : null}
            {user.age?.name ? <span>{user.age.name}</span> : null}
          </div>
        ) : (
          <Skeleton width={140} height={12} />
        )}
        {blood ? <div className="ch-card__meta">{blood}</div> : null}
      </div>
      {topic ? <FriendTopic topic={topic.topic} path={topic.path} /> : null}
      {user ? (
        <>
          <TextSection title={strings.forbiddenMatters} text={user.userCharacterInputWord} />
          <TextSection title={strings.selfPr} text={user.userCharacterInputDetail} />
          <SnsLinks user={user} />
        </>
      ) : null}
      <div className="ch-actions">
        <Button onClick={() => void openRoom(friend.user.id)}>
          <ChatIcon size={18} />
          {strings.chat}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            onClose();
            startFriendCall(friend.user.id);
          }}
        >
          <PhoneIcon size={18} />
          {strings.call}
        </Button>
        {user && !user.is_me ? (
          <Button variant="text" onClick={() => setReporting(true)}>
            {strings.report}
          </Button>
        ) : null}
        <Button variant="text" onClick={() => void block(friend.user.id).then((ok) => ok && onGone(friend.user.id))}>
          <BlockIcon size={18} />
          {strings.block}
        </Button>
        <Button variant="text" onClick={() => void remove(friend.user.id).then((ok) => ok && onGone(friend.user.id))}>
          <TrashIcon size={18} />
          {strings.deleteFriend}
        </Button>
      </div>
    </BottomSheet>
  );
}
