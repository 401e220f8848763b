/**
 * The shipped stamp set (ids 1–10, 240×240), drawn in code as SVG so nothing is downloaded: a
 * soft face, a colour and a word each. Rendered as data URLs by <img>.
 */
interface StampDef {
  word: string;
  bg: string;
  face: string;
  mouth: 'smile' | 'open' | 'flat' | 'sad' | 'wow';
  eyes: 'dot' | 'happy' | 'closed' | 'star';
  extra?: 'heart' | 'sweat' | 'zzz' | 'sparkle' | 'tear';
}

const STAMPS: readonly StampDef[] = [
  { word: 'ありがとう', bg: '#FDE2D8', face: '#F28B6B', mouth: 'smile', eyes: 'happy', extra: 'heart' },
  { word: 'OK!', bg: '#DCF1E4', face: '#5DB583', mouth: 'open', eyes: 'dot', extra: 'sparkle' },
  { word: 'おやすみ', bg: '#E1E4F6', face: '#7C86C9', mouth: 'flat', eyes: 'closed', extra: 'zzz' },
  { word: 'ごめんね', bg: '#FBE9D0', face: '#E5A04C', mouth: 'sad', eyes: 'dot', extra: 'sweat' },
  { word: 'すごい!', bg: '#FFF3C4', face: '#E9B824', mouth: 'wow', eyes: 'star' },
  { word: 'よろしく', bg: '#F6DDEA', face: '#D86FA1', mouth: 'smile', eyes: 'dot' },
  { word: 'うれしい', bg: '#FFE0E0', face: '#EE6C6C', mouth: 'open', eyes: 'happy', extra: 'sparkle' },
  { word: 'かなしい', bg: '#DCEBF7', face: '#5B9BD0', mouth: 'sad', eyes: 'dot', extra: 'tear' },
  { word: 'またね', bg: '#E7F3D6', face: '#8DBA4F', mouth: 'smile', eyes: 'happy' },
  { word: 'がんばれ', bg: '#FFE6CC', face: '#F08A24', mouth: 'open', eyes: 'dot', extra: 'heart' },
];

const eyes = (kind: StampDef['eyes']) => {
  switch (kind) {
    case 'happy':
      return '<path d="M78 104q12-14 24 0M138 104q12-14 24 0" stroke="#3A2E2A" stroke-width="7" fill="none" stroke-linecap="round"/>';
    case 'closed':
      return '<path d="M78 102q12 10 24 0M138 102q12 10 24 0" stroke="#3A2E2A" stroke-width="7" fill="none" stroke-linecap="round"/>';
    case 'star':
      return '<path d="M90 86l5 11 12 1-9 8 3 12-11-6-11 6 3-12-9-8 12-1zM150 86l5 11 12 1-9 8 3 12-11-6-11 6 3-12-9-8 12-1z" fill="#3A2E2A"/>';
    default:
      return '<circle cx="90" cy="102" r="9" fill="#3A2E2A"/><circle cx="150" cy="102" r="9" fill="#3A2E2A"/>';
  }
};

const mouth = (kind: StampDef['mouth']) => {
  switch (kind) {
    case 'open':
      return '<path d="M98 128q22 30 44 0z" fill="#3A2E2A"/>';
    case 'flat':
      return '<path d="M104 134h32" stroke="#3A2E2A" stroke-width="7" stroke-linecap="round"/>';
    case 'sad':
      return '<path d="M100 140q20-16 40 0" stroke="#3A2E2A" stroke-width="7" fill="none" stroke-linecap="round"/>';
    case 'wow':
      return '<ellipse cx="120" cy="136" rx="11" ry="14" fill="#3A2E2A"/>';
    default:
      return '<path d="M98 128q22 22 44 0" stroke="#3A2E2A" stroke-width="7" fill="none" stroke-linecap="round"/>';
  }
};

const extra = (kind: StampDef['extra']) => {
  switch (kind) {
    case 'heart':
      return '<path d="M196 44c-6-12-26-8-22 8 3 10 22 22 22 22s19-12 22-22c4-16-16-20-22-8z" fill="#F25C7A"/>';
    case 'sweat':
      return '<path d="M186 64q10 16 0 22q-10-6 0-22z" fill="#7FC4F0"/>';
    case 'zzz':
      return '<text x="176" y="60" font-size="30" font-weight="700" fill="#5561A8" font-family="sans-serif">Zz</text>';
    case 'sparkle':
      return '<path d="M196 34l6 16 16 6-16 6-6 16-6-16-16-6 16-6z" fill="#FFC93C"/>';
    case 'tear':
      return '<path d="M150 114q8 14 0 20q-8-6 0-20z" fill="#7FC4F0"/>';
    default:
      return '';
  }
};

/** The SVG source of stamp `id` (1–10). */
export function stampSvg(id: number): string {
  const s = STAMPS[(id - 1 + STAMPS.length) % STAMPS.length]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
<rect width="240" height="240" rx="40" fill="${s.bg}"/>
<circle cx="120" cy="112" r="72" fill="${s.face}"/>
<circle cx="70" cy="128" r="10" fill="#fff" opacity=".35"/><circle cx="170" cy="128" r="10" fill="#fff" opacity=".35"/>
${eyes(s.eyes)}${mouth(s.mouth)}${extra(s.extra)}
<text x="120" y="222" text-anchor="middle" font-size="34" font-weight="800" fill="#3A2E2A" stroke="#fff" stroke-width="6" paint-order="stroke" font-family="'Hiragino Sans','Noto Sans JP','Noto Sans CJK JP','Yu Gothic',sans-serif">${s.word}</text>
</svg>`;
}

/** The image of stamp `id` as a data URL (what <img> shows). */
export const stampUrl = (id: number) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(stampSvg(id))}`;

/** The word of a stamp (its accessible name). */
export const stampWord = (id: number) => STAMPS[(id - 1 + STAMPS.length) % STAMPS.length]!.word;

export const STAMP_IDS = STAMPS.map((_, i) => i + 1);
