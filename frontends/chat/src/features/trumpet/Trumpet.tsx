import { getApi, sendChatMessage } from '@honne/api-client';
import { MESSAGE_TYPES } from '@honne/contracts/chat';
import { Header } from '@honne/ui';
import { useState } from 'react';
import { useLocation, useParams } from 'wouter';

import { addPending, newClientId } from '../../lib/pending.ts';
import { SOUND_TABS, playSound } from '../../lib/sounds.ts';
import { strings } from '../../strings.ts';
import { ensureChatStyles } from '../../styles.ts';
import { SpeakerIcon } from '../shared/icons.tsx';

ensureChatStyles();

/**
 * /trumpet/:roomId (spec §2): three tabs × 8 sound effects. A tap plays the sound here and sends it
 * as a text message marked as sound (tab and item index), then returns to the room. A send that
 * fails is kept and resent when the room opens.
 */
export default function Trumpet() {
  const { roomId = '' } = useParams();
  const [, navigate] = useLocation();
  const [tab, setTab] = useState(0);
  const [busy, setBusy] = useState(false);
  const toRoom = () => navigate(`/chat/${roomId}`, { replace: true });

  const choose = async (item: number) => {
    if (busy) return;
    setBusy(true);
    playSound(tab, item);
    const body = {
      room_id: roomId,
      message_type_id: MESSAGE_TYPES.text,
      data: SOUND_TABS[tab]![item]!.name,
      is_sound: true,
      sound_tab: tab,
      sound_item: item,
      client_id: newClientId(),
    };
    try {
      await sendChatMessage(getApi(), body);
    } catch {
      addPending(roomId, { body, created_at: new Date().toISOString() });
    }
    toRoom();
  };

  return (
    <div className="ch-screen">
      <Header title={strings.trumpetTitle} onBack={toRoom} />
      <div className="ch-tabs" role="tablist" aria-label={strings.trumpetTitle}>
        {strings.tabs.map((label, i) => (
          <button
            key={label}
            type="button"
            role="tab"
            id={`ch-tab-${i}`}
            aria-selected={tab === i}
            aria-controls="ch-tab-panel"
            onClick={() => setTab(i)}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="ch-sounds" role="tabpanel" id="ch-tab-panel" aria-labelledby={`ch-tab-${tab}`}>
        {SOUND_TABS[tab]!.map((s, i) => (
          <button key={s.name} type="button" disabled={busy} onClick={() => void choose(i)} data-testid="sound-item">
            <SpeakerIcon size={22} />
            <span>{s.name}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
