import type { Friend } from '@honne/contracts/friends';
import { profileEndpoints, type PublicUser } from '@honne/contracts/profile';
import { Avatar, BottomSheet, Button, Skeleton } from '@honne/ui';
import { useEffect, useState } from 'react';

import { strings } from '../../strings.ts';
import { client } from '../shared/api.ts';
import { BlockIcon, ChatIcon, PhoneIcon, TrashIcon } from '../shared/icons.tsx';

import { startFriendCall } from '../call/start.ts';

import { useFriendActions, useOpenFriendRoom } from './FriendList.tsx';

const GENDER: Record<string, string> = { '1': 'M', '2': 'F' };

/** The friend detail panel: the card from `GET /users/{id}`, chat, block and delete. */
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
  const gender = user?.gender ? (GENDER[user.gender] ?? 'X') : null;
  return (
    <BottomSheet title={strings.partnerCard} onClose={onClose}>
      <div className="ch-card">
        <Avatar src={friend.user.profile_image} alt={name} size={96} />
        <strong style={{ fontSize: 18 }}>{name}</strong>
        {user ? (
          <div className="ch-card__meta">
            {user.area?.name ? <span>{user.area.name}</span> : null}
            {gender ? <span>{gender}</span> : null}
            {user.age?.name ? <span>{user.age.name}</span> : null}
          </div>
        ) : (
          <Skeleton width={140} height={12} />
        )}
        {user?.userCharacterInputDetail ? (
          <p className="hn-text-small" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
            {user.userCharacterInputDetail}
          </p>
        ) : null}
      </div>
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
