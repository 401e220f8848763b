import { getApi, type CallStartRequest } from '@honne/api-client';
import type { Room } from '@honne/contracts/chat';
import { BackIcon, IconButton, Skeleton, uiStrings, usePopup } from '@honne/ui';
import { useLocation } from 'wouter';

import { strings } from '../../strings.ts';
import { useFail } from '../shared/api.ts';
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
  const callable = room ? (room.topic ? room.topic.is_callable : true) : false;
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
          onClick={() => (room && callable ? startCall(room) : void popup.alert(strings.notCallable))}
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
