import { chatEndpoints } from '@honne/contracts/chat';
import { BottomSheet, Button, usePopup } from '@honne/ui';
import { useState } from 'react';

import { strings } from '../../strings.ts';
import { client, useFail } from '../shared/api.ts';

/** Rating kinds: the room's chat (0) and a paid call in it (1), each asked once. */
export const RATING_TYPE = { chat: 0, call: 1 } as const;
type RatingType = (typeof RATING_TYPE)[keyof typeof RATING_TYPE];

/** Prompts skipped on this device: asked once, as the spec's client did. */
const SKIPPED_KEY = 'honne.rate.skipped';
const skippedKey = (roomId: string, type: RatingType) => (type === RATING_TYPE.chat ? roomId : `${roomId}:${type}`);
export const rateSkipped = (roomId: string, type: RatingType = RATING_TYPE.chat): boolean =>
  (JSON.parse(localStorage.getItem(SKIPPED_KEY) ?? '[]') as string[]).includes(skippedKey(roomId, type));
const skip = (roomId: string, type: RatingType) =>
  localStorage.setItem(
    SKIPPED_KEY,
    JSON.stringify(
      [...new Set([skippedKey(roomId, type), ...JSON.parse(localStorage.getItem(SKIPPED_KEY) ?? '[]')])].slice(0, 200),
    ),
  );

/**
 * The rating prompt (spec §4, §9: 1–5 stars, 5 by default, submit or skip; 'レビューありがとうございます。'):
 * shown when the payer leaves a paid room they have not rated, and after a paid call (`type` call).
 */
export function RatingSheet({
  roomId,
  partner,
  type = RATING_TYPE.chat,
  onDone,
}: {
  roomId: string;
  partner: string;
  type?: RatingType;
  onDone: () => void;
}) {
  const popup = usePopup();
  const fail = useFail();
  const [star, setStar] = useState(5);
  const [busy, setBusy] = useState(false);
  const title = type === RATING_TYPE.call ? strings.rateCallTitle : strings.rateTitle;
  const question = type === RATING_TYPE.call ? strings.rateCallQuestion : strings.rateQuestion;

  const submit = async () => {
    setBusy(true);
    try {
      const { data } = await client().call(chatEndpoints.rate, { params: { id: roomId }, body: { star, type } });
      await popup.alert(data.message || strings.rateThanks);
    } catch (error) {
      await fail(error);
    }
    onDone();
  };

  return (
    <BottomSheet
      title={title}
      onClose={() => {
        skip(roomId, type);
        onDone();
      }}
    >
      <p style={{ margin: 0, textAlign: 'center' }}>{question(partner)}</p>
      <div role="radiogroup" aria-label={title} style={{ display: 'flex', justifyContent: 'center', gap: 4 }}>
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
          skip(roomId, type);
          onDone();
        }}
      >
        {strings.rateSkip}
      </Button>
    </BottomSheet>
  );
}
