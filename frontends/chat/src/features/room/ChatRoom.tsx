import { Skeleton } from '@honne/ui';
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useParams } from 'wouter';

import { groupByDay } from '../../lib/days.ts';
import { rememberedBackPath } from '../../lib/nav.ts';
import { strings } from '../../strings.ts';
import { ensureChatStyles } from '../../styles.ts';

import { BonusArea } from './BonusArea.tsx';
import { ChatHeader } from './ChatHeader.tsx';
import { Composer } from './Composer.tsx';
import { ImageViewer } from './ImageViewer.tsx';
import { MessageItem } from './MessageItem.tsx';
import { RatingSheet, rateSkipped } from './RatingSheet.tsx';
import { RoomSheets, type RoomSheet } from './RoomSheets.tsx';
import { useReadMarks } from './useReadMarks.ts';
import { useRealtime } from './useRealtime.ts';
import { useRoomMessages } from './useRoomMessages.ts';
import { VoiceBar } from './VoiceBar.tsx';

ensureChatStyles();

/** /chat/:roomId (spec topics-chat-calls §2, §4 messages). */
export default function ChatRoom() {
  const { roomId = '' } = useParams();
  const [, navigate] = useLocation();
  const back = useCallback(() => navigate(rememberedBackPath()), [navigate]);
  const [sheet, setSheet] = useState<RoomSheet | null>(null);
  const [viewer, setViewer] = useState<string | null>(null);
  const closeViewer = useCallback(() => setViewer(null), []);
  const [live, setLive] = useState('');
  const [rating, setRating] = useState(false);

  const messages = useRoomMessages(roomId, back);
  const { room, items, setRoom, fetchRoom, send, gone } = messages;
  const expired = useCallback(() => void gone('expired'), [gone]);
  useReadMarks(roomId, items, messages.setItems);
  useRealtime(roomId, { ...messages, announce: setLive });

  const groups = useMemo(() => (items ? groupByDay(items, new Date()) : []), [items]);
  /** Spec §4: the payer leaving a paid room they have not rated is asked to rate it first. */
  const leave = () => {
    const priced = !!room?.topic && (room.topic.chat_price > 0 || room.topic.call_price > 0);
    if (room && priced && !room.topic!.is_mine && !room.is_showed_rate_chat && !rateSkipped(room.id)) setRating(true);
    else back();
  };
  const partnerAnonymous = room ? room.anonymous.partner || room.userInfo.is_anonymous : true;
  const name = room ? (room.userInfo.user_name ?? strings.noName) : '';
  const partner = { roomId, room, name, partnerAnonymous };

  return (
    <div className="ch-screen">
      <ChatHeader {...partner} onBack={leave} onOpenCard={() => setSheet('card')} onOpenMore={() => setSheet('more')} />
      {room?.topic ? <VoiceBar topic={room.topic} onExpired={expired} /> : null}

      <div
        ref={messages.logRef}
        className="ch-log"
        onScroll={messages.onScroll}
        role="log"
        aria-live="off"
        aria-label={strings.messagesLabel}
        aria-busy={items === null}
      >
        {items === null ? (
          <div aria-hidden="true">
            {[60, 40, 70, 50].map((w, i) => (
              <div key={i} className={`ch-msg ${i % 2 ? 'ch-msg--mine' : 'ch-msg--theirs'}`}>
                <Skeleton width={`${w}%`} height={36} radius="18px" />
              </div>
            ))}
          </div>
        ) : items.length === 0 ? (
          <p className="ch-empty-note">{strings.emptyRoom}</p>
        ) : (
          <>
            {messages.loadingOlder && (
              <p className="ch-older" role="status">
                {strings.loadingOlder}
              </p>
            )}
            {groups.map((g) => (
              <section key={g.key} aria-label={g.label}>
                <div className="ch-day" role="heading" aria-level={2}>
                  <span>{g.label}</span>
                </div>
                {g.items.map((m) => (
                  <MessageItem key={m.id} m={m} onResend={messages.resend} onOpenImage={setViewer} />
                ))}
              </section>
            ))}
          </>
        )}
      </div>
      <div className="hn-visually-hidden" aria-live="polite" aria-atomic="true">
        {live}
      </div>

      {room ? (
        <BonusArea
          room={room}
          onChanged={() =>
            void fetchRoom()
              .then(setRoom)
              .catch(() => undefined)
          }
        />
      ) : null}

      <Composer roomId={roomId} ready={!!room} send={send} onOpenStamps={() => setSheet('stamps')} />

      <RoomSheets {...partner} sheet={sheet} onSheet={setSheet} onRoom={setRoom} send={send} />

      {viewer ? <ImageViewer src={viewer} onClose={closeViewer} /> : null}
      {rating && room ? (
        <RatingSheet roomId={room.id} partner={room.userInfo.user_name ?? strings.noName} onDone={back} />
      ) : null}
    </div>
  );
}
