import { chatEndpoints } from '@honne/contracts/chat';
import { BottomSheet, Button, usePopup } from '@honne/ui';
import { useState } from 'react';

import { strings } from '../../strings.ts';
import { client, useFail } from '../shared/api.ts';

/** Rooms whose prompt was skipped on this device: asked once, as the spec's client did. */
const SKIPPED_KEY = 'honne.rate.skipped';
export const rateSkipped = (roomId: string): boolean =>
  (JSON.parse(localStorage.getItem(SKIPPED_KEY) ?? '[]') as string[]).includes(roomId);
const skip = (roomId: string) =>
  localStorage.setItem(
    SKIPPED_KEY,
    JSON.stringify([...new Set([roomId, ...JSON.parse(localStorage.getItem(SKIPPED_KEY) ?? '[]')])].slice(0, 200)),
  );

/**
 * The rating prompt (spec §4, §9: 1–5 stars, 5 by default, submit or skip; 'レビューありがとうございます。'):
 * shown when the payer leaves a paid room they have not rated. `onDone` leaves the room.
 */
export function RatingSheet({ roomId, partner, onDone }: { roomId: string; partner: string; onDone: () => void }) {
  const popup = usePopup();
  const fail = useFail();
  const [star, setStar] = useState(5);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    try {
      const { data } = await client().call(chatEndpoints.rate, { params: { id: roomId }, body: { star } });
      await popup.alert(data.message || strings.rateThanks);
    } catch (error) {
      await fail(error);
    }
    onDone();
  };

  return (
    <BottomSheet
      title={strings.rateTitle}
      onClose={() => {
        skip(roomId);
        onDone();
      }}
    >
      <p style={{ margin: 0, textAlign: 'center' }}>{strings.rateQuestion(partner)}</p>
      <div
        role="radiogroup"
        aria-label={strings.rateTitle}
        style={{ display: 'flex', justifyContent: 'center', gap: 4 }}
      >
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={star === n}
            aria-label={strings.rateStar(n)}
            className="hn-icon-button"
            style={{ fontSize: 32, color: n <= star ? 'var(--hn-color-primary)' : 'var(--hn-color-border)' }}
            onClick={() => setStar(n)}
          >
            ★
          </button>
        ))}
      </div>
      <Button block loading={busy} onClick={() => void submit()}>
        {strings.rateSubmit}
      </Button>
      <Button
        block
        variant="text"
        disabled={busy}
        onClick={() => {
          skip(roomId);
          onDone();
        }}
      >
        {strings.rateSkip}
      </Button>
    </BottomSheet>
  );
}
