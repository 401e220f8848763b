import { getApi, type CallStartRequest } from '@honne/api-client';
import { CALL_MESSAGES } from '@honne/contracts/calls';
import type { Room } from '@honne/contracts/chat';
import { topicsEndpoints } from '@honne/contracts/topics';
import { BackIcon, IconButton, Skeleton, uiStrings, usePopup } from '@honne/ui';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';

import { strings } from '../../strings.ts';
import { client, useFail } from '../shared/api.ts';
import { GiftIcon, MoreIcon, PhoneIcon } from '../shared/icons.tsx';

interface Props {
  roomId: string;
  room: Room | null;
  name: string;
  partnerAnonymous: boolean;
  onBack: () => void;
  onOpenCard: () => void;
  onOpenMore: () => void;
}

/** Back, the partner's name (their card unless anonymous), and the room's gift, call and menu buttons. */
export function ChatHeader({ roomId, room, name, partnerAnonymous, onBack, onOpenCard, onOpenMore }: Props) {
  const [, navigate] = useLocation();
  const popup = usePopup();
  const fail = useFail();
  // The room keeps the voice's トークの受付 as it was when the room opened; the owner may have turned
  // it off since (walk #16), so the voice itself is asked when the room opens and again on a tap.
  const topicId = room?.topic?.id ?? null;
  const [voiceCallable, setVoiceCallable] = useState<boolean | null>(null);
  const readCallable = async (id: string) => {
    const { data } = await client().call(topicsEndpoints.topic, { params: { id } });
    setVoiceCallable(data.is_callable);
    return data.is_callable;
  };
  useEffect(() => {
    setVoiceCallable(null);
    if (topicId) void readCallable(topicId).catch(() => undefined);
  }, [topicId]);
  const callable = room ? (room.topic ? (voiceCallable ?? room.topic.is_callable) : true) : false;
  const notCallable = () => void popup.alert(CALL_MESSAGES.notCallable);
  const tapCall = async (r: Room) => {
    // A voice gone meanwhile is the call flow's to say; only a clear 'no calls' stops here.
    if (r.topic && !(await readCallable(r.topic.id).catch(() => true))) return notCallable();
    startCall(r);
  };
  const startCall = (r: Room) => {
    const request: CallStartRequest = r.topic
      ? { kind: 'topic', topic_id: r.topic.id, is_anonymous: r.is_anonymous, room_id: r.id }
      : { kind: 'friend', user_id: r.userInfo.id ?? '', room_id: r.id };
    getApi()
      .calls.start(request)
      .catch((error: unknown) => void fail(error));
  };

  return (
    <header className="hn-header">
      <span className="hn-header__side">
        <IconButton label={uiStrings.back} onClick={onBack}>
          <BackIcon />
        </IconButton>
      </span>
      <h1 className="hn-header__title" style={{ display: 'flex', justifyContent: 'center', minWidth: 0 }}>
        {room ? (
          <button
            type="button"
            className="ch-header-name"
            disabled={partnerAnonymous}
            onClick={onOpenCard}
            aria-label={partnerAnonymous ? name : `${name} ${strings.partnerCard}`}
          >
            {name}
          </button>
        ) : (
          <Skeleton width={120} height={18} />
        )}
      </h1>
      <span className="hn-header__side hn-header__side--end">
        <IconButton label={strings.gift} onClick={() => navigate(`/present/${roomId}`)}>
          <GiftIcon />
        </IconButton>
        <IconButton
          className={callable ? undefined : 'ch-icon-off'}
          label={callable ? strings.call : `${strings.call}（${strings.notCallable}）`}
          aria-disabled={callable ? undefined : 'true'}
          onClick={() => (room && callable ? void tapCall(room) : notCallable())}
        >
          <PhoneIcon />
        </IconButton>
        <IconButton label={strings.more} aria-haspopup="dialog" onClick={onOpenMore} disabled={!room}>
          <MoreIcon />
        </IconButton>
      </span>
    </header>
  );
}
