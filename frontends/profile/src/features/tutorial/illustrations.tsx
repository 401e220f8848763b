/** Small scenes for the four tutorial pages, drawn in SVG (no image files). */
const Face = ({ cx, cy, r, fill }: { cx: number; cy: number; r: number; fill: string }) => (
  <g>
    <circle cx={cx} cy={cy} r={r} fill={fill} />
    <circle cx={cx - r * 0.32} cy={cy - r * 0.1} r={r * 0.09} fill="#2B2523" />
    <circle cx={cx + r * 0.32} cy={cy - r * 0.1} r={r * 0.09} fill="#2B2523" />
    <path
      d={`M${cx - r * 0.3} ${cy + r * 0.28} Q${cx} ${cy + r * 0.55} ${cx + r * 0.3} ${cy + r * 0.28}`}
      stroke="#2B2523"
      strokeWidth={r * 0.08}
      fill="none"
      strokeLinecap="round"
    />
  </g>
);

const frame = { width: 240, height: 180, viewBox: '0 0 240 180', 'aria-hidden': true } as const;

export function ThreeCharacters() {
  return (
    <svg {...frame}>
      <ellipse cx="120" cy="160" rx="100" ry="10" fill="#EDE4DE" />
      <Face cx={60} cy={105} r={34} fill="#F6C9B8" />
      <Face cx={120} cy={80} r={42} fill="#F3A48E" />
      <Face cx={180} cy={105} r={34} fill="#FBDCCB" />
      <text x="120" y="28" textAnchor="middle" fontSize="18" fontWeight="700" fill="#B4503C">
        ×3
      </text>
    </svg>
  );
}

export function VanishingMessages() {
  return (
    <svg {...frame}>
      <rect x="28" y="36" width="130" height="44" rx="20" fill="#B4503C" />
      <rect x="48" y="54" width="90" height="8" rx="4" fill="#fff" opacity="0.9" />
      <rect x="70" y="96" width="120" height="40" rx="20" fill="#F4EDE8" opacity="0.6" />
      <rect x="88" y="112" width="80" height="8" rx="4" fill="#B9ABA3" opacity="0.5" />
      <circle cx="190" cy="52" r="26" fill="#fff" stroke="#B4503C" strokeWidth="4" />
      <path d="M190 38v14l10 7" stroke="#B4503C" strokeWidth="4" strokeLinecap="round" fill="none" />
      <circle cx="52" cy="140" r="4" fill="#E4D9D2" />
      <circle cx="38" cy="154" r="2.5" fill="#E4D9D2" />
    </svg>
  );
}

export function GreetingCall() {
  return (
    <svg {...frame}>
      <circle cx="120" cy="90" r="54" fill="#FBE9E4" />
      <path d="M96 70c0-4 3-7 7-7h6l6 14-7 5c4 8 10 14 18 18l5-7 14 6v6c0 4-3 7-7 7-26 0-48-22-48-42z" fill="#B4503C" />
      <path
        d="M168 60q14 30 0 60M184 48q22 42 0 84"
        stroke="#B4503C"
        strokeWidth="5"
        strokeLinecap="round"
        fill="none"
        opacity="0.7"
      />
      <path d="M72 60q-14 30 0 60" stroke="#B4503C" strokeWidth="5" strokeLinecap="round" fill="none" opacity="0.4" />
    </svg>
  );
}

export function IndependentCharacters() {
  return (
    <svg {...frame}>
      {[50, 120, 190].map((x, i) => (
        <g key={x}>
          <rect x={x - 32} y="44" width="64" height="110" rx="16" fill="#fff" stroke="#E4D9D2" strokeWidth="2" />
          <Face cx={x} cy={82} r={20} fill={['#F6C9B8', '#F3A48E', '#FBDCCB'][i]!} />
          <rect x={x - 20} y="114" width="40" height="6" rx="3" fill="#E4D9D2" />
          <rect x={x - 14} y="128" width="28" height="6" rx="3" fill="#E4D9D2" />
        </g>
      ))}
      <path d="M85 30v120M155 30v120" stroke="#B4503C" strokeWidth="2" strokeDasharray="4 6" />
    </svg>
  );
}

export const ILLUSTRATIONS = [ThreeCharacters, VanishingMessages, GreetingCall, IndependentCharacters] as const;
