import { strings } from '../../../strings.ts';
import type { CallPartner } from '../model.ts';

const t = strings.calls;
/** Spec §5: the detailed intro is shown limited to 1000 characters. */
const DETAIL_MAX = 1000;

/** Blood type, personality, character words, detailed intro (≤ 1000) and the fee line. */
export function CallerProfile({ partner, price }: { partner: CallPartner; price: number }) {
  const rows: [string, string | null][] = [
    [t.bloodType, partner.blood_type],
    [t.personality, partner.personality],
    [t.characterWords, partner.character_words],
    [t.detail, partner.detail ? [...partner.detail].slice(0, DETAIL_MAX).join('') : null],
  ];
  const shown = rows.filter((r): r is [string, string] => Boolean(r[1]));
  return (
    <dl className="cl-profile">
      {shown.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div style={{ display: 'contents' }}>
        <dt>{strings.calls.fee(price).split('：')[0]}</dt>
        <dd>{price > 0 ? t.fee(price).split('：')[1] : t.free.split('：')[1]}</dd>
      </div>
    </dl>
  );
}
