import { GIFT_COINS, giftOfStamp } from '@honne/contracts/chat';

/**
 * The present artwork (a wrapped box with its points on the tag), drawn in code as SVG so nothing
 * is downloaded; the four sizes differ in colour. Used on /present and for gift stamps in the chat.
 */
const COLOURS: Record<number, { box: string; ribbon: string }> = {
  100: { box: '#F7B7A3', ribbon: '#E0604A' },
  300: { box: '#A8D8C0', ribbon: '#3E9B74' },
  500: { box: '#B9C3F0', ribbon: '#5465C8' },
  1000: { box: '#F6D77C', ribbon: '#C9931C' },
};

export function giftSvg(coin: number): string {
  const c = COLOURS[coin] ?? COLOURS[100]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240">
<rect width="240" height="240" rx="36" fill="#FFF8F2"/>
<rect x="46" y="98" width="148" height="104" rx="10" fill="${c.box}"/>
<rect x="38" y="76" width="164" height="34" rx="8" fill="${c.box}" stroke="${c.ribbon}" stroke-width="4"/>
<rect x="110" y="76" width="20" height="126" fill="${c.ribbon}"/>
<path d="M120 76c-18-30-52-30-48-8 3 14 30 10 48 8zM120 76c18-30 52-30 48-8-3 14-30 10-48 8z" fill="${c.ribbon}"/>
<rect x="64" y="136" width="112" height="40" rx="20" fill="#FFFFFF" opacity=".92"/>
<text x="120" y="164" text-anchor="middle" font-family="sans-serif" font-size="26" font-weight="700" fill="${c.ribbon}">${coin}P</text>
</svg>`;
}

export const giftUrl = (coin: number) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(giftSvg(coin))}`;

/** A gift stamp's points, for the chat's stamp rendering (null: an ordinary stamp). */
export const giftCoinOf = giftOfStamp;

export { GIFT_COINS };
