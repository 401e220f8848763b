import { MESSAGE_TYPES, chatEndpoints, validateReport, type MessageCreateBody, type Room } from '@honne/contracts/chat';
import { FRIEND_REQUEST_STATUS, friendsEndpoints } from '@honne/contracts/friends';
import { Avatar, BottomSheet, Button, usePopup } from '@honne/ui';
import { useState } from 'react';

import { STAMP_IDS, stampUrl, stampWord } from '../../lib/stamps.ts';
import { strings } from '../../strings.ts';
import { client, useFail } from '../shared/api.ts';
import { AddPersonIcon } from '../shared/icons.tsx';

export type RoomSheet = 'stamps' | 'more' | 'card' | 'report';

interface Props {
  roomId: string;
  sheet: RoomSheet | null;
  onSheet: (sheet: RoomSheet | null) => void;
  room: Room | null;
  name: string;
  partnerAnonymous: boolean;
  onRoom: (room: Room) => void;
  send: (body: Omit<MessageCreateBody, 'room_id'>) => Promise<unknown>;
}

/** The room's bottom sheets: stamps, the menu, the partner's card, and the report form. */
export function RoomSheets({ roomId, sheet, onSheet, room, name, partnerAnonymous, onRoom, send }: Props) {
  const popup = usePopup();
  const fail = useFail();
  const [report, setReport] = useState('');
  const [reportError, setReportError] = useState('');
  const close = () => onSheet(null);
  const canAddFriend = !!room && !room.is_friend && !room.anonymous.me && !partnerAnonymous && !!room.userInfo.id;
  // Someone anonymous is blocked from inside the room (ADR 0020); a named partner through their card.
  const canBlockRoom = !!room && (room.partner_blocked || partnerAnonymous || room.anonymous.me);

  const blockRoom = async (block: boolean) => {
    if (!room) return;
    if (block && !(await popup.confirm({ message: strings.roomBlockConfirm, destructive: true }))) return;
    close();
    try {
      const endpoint = block ? chatEndpoints.blockRoom : chatEndpoints.unblockRoom;
      const { data } = await client().call(endpoint, { params: { id: room.id } });
      onRoom(data);
      await popup.alert(block ? strings.roomBlocked : strings.roomUnblocked);
    } catch (error) {
      void fail(error);
    }
  };

  const addFriend = async () => {
    if (!room?.userInfo.id) return;
    close();
    try {
      // Walk #21: a request the partner accepts; it is a yes at once if they had asked me.
      const { data } = await client().call(friendsEndpoints.requestFriend, {
        body: { user_id: room.userInfo.id, room_id: room.id, topic_id: room.topic_id },
      });
      if (data.status === FRIEND_REQUEST_STATUS.friends) onRoom({ ...room, is_friend: true });
      await popup.alert(data.message);
    } catch (error) {
      void fail(error);
    }
  };

  const sendReport = async () => {
    const errors = validateReport(report);
    if (errors.content) return setReportError(errors.content);
    try {
      await client().call(chatEndpoints.report, { params: { id: roomId }, body: { content: report.trim() } });
      close();
      setReport('');
      setReportError('');
      await popup.alert(strings.reportDone);
    } catch (error) {
      void fail(error);
    }
  };

  /** The menu's and the card's actions: befriend (when the partner is named and not yet a friend), report. */
  const actions = (
    <div className="ch-actions">
      {canAddFriend ? (
        <Button variant="secondary" onClick={() => void addFriend()}>
          <AddPersonIcon size={18} />
          {strings.addFriend}
        </Button>
      ) : null}
      {canBlockRoom ? (
        <Button
          variant={room?.partner_blocked ? 'secondary' : 'destructive'}
          onClick={() => void blockRoom(!room?.partner_blocked)}
        >
          {room?.partner_blocked ? strings.roomUnblock : strings.roomBlock}
        </Button>
      ) : null}
      <Button variant="text" onClick={() => onSheet('report')}>
        {strings.report}
      </Button>
    </div>
  );

  switch (sheet) {
    case 'stamps':
      return (
        <BottomSheet title={strings.stamps} onClose={close}>
          <div className="ch-stamps">
            {STAMP_IDS.map((id) => (
              <button
                key={id}
                type="button"
                aria-label={stampWord(id)}
                onClick={() => {
                  close();
                  void send({ message_type_id: MESSAGE_TYPES.stamp, stamp_id: id, data: String(id) });
                }}
              >
                <img src={stampUrl(id)} alt="" width={240} height={240} />
              </button>
            ))}
          </div>
        </BottomSheet>
      );
    case 'more':
      return room ? (
        <BottomSheet title={strings.more} onClose={close}>
          {actions}
        </BottomSheet>
      ) : null;
    case 'card':
      return room && !partnerAnonymous ? (
        <BottomSheet title={strings.partnerCard} onClose={close}>
          <div className="ch-card">
            <Avatar src={room.userInfo.profile_image} alt={name} size={88} />
            <strong>{name}</strong>
            {room.topic?.title ? <p className="hn-text-muted hn-text-small">{room.topic.title}</p> : null}
          </div>
          {actions}
        </BottomSheet>
      ) : null;
    case 'report':
      return (
        <BottomSheet title={strings.reportTitle} onClose={close}>
          <label className="hn-field">
            <span className="hn-field__label">{strings.reportPlaceholder}</span>
            <textarea
              className="hn-textarea"
              rows={5}
              value={report}
              onChange={(e) => {
                setReport(e.target.value);
                setReportError('');
              }}
              aria-invalid={!!reportError}
              aria-describedby={reportError ? 'ch-report-error' : undefined}
            />
            {/* Only with a message: empty, the error line still drew its red 「!」 (walk #50). */}
            {reportError ? (
              <span className="hn-field__error" id="ch-report-error" role="alert">
                {reportError}
              </span>
            ) : null}
          </label>
          <div className="ch-actions" style={{ marginTop: 12 }}>
            <Button variant="destructive" onClick={() => void sendReport()}>
              {strings.report}
            </Button>
            <Button variant="text" onClick={close}>
              {strings.cancel}
            </Button>
          </div>
        </BottomSheet>
      );
    default:
      return null;
  }
}
