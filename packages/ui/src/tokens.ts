/**
 * The one source of honne's look (../../shared/ui.md): every value here becomes a CSS custom
 * property `--hn-<group>-<name>` through `tokensToCss`, so TS code and CSS read the same numbers.
 */
export const tokens = {
  color: {
    // A warm terracotta: calm, and white text on it passes WCAG AA (5.06:1).
    primary: '#B4503C',
    primaryHover: '#9C4332',
    primarySoft: '#FBE9E4',
    onPrimary: '#FFFFFF',
    bg: '#FBF7F4',
    surface: '#FFFFFF',
    surfaceMuted: '#F4EDE8',
    text: '#2B2523',
    textMuted: '#6B5F5A',
    border: '#E4D9D2',
    borderStrong: '#B9ABA3',
    // Destructive actions and error lines (5.63:1 on white).
    danger: '#C0303C',
    dangerSoft: '#FDECEE',
    // The spec's pink/red notes: ≤1 h countdowns and over-limit text boxes.
    warning: '#C2255C',
    warningSoft: '#FFE3EC',
    success: '#2E7D5B',
    focus: '#2F5FD0',
    overlay: 'rgba(35, 25, 22, 0.45)',
    skeleton: '#EDE4DE',
    badge: '#C0303C',
    onBadge: '#FFFFFF',
  },
  font: {
    family:
      '"Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans JP", "Noto Sans CJK JP", "Yu Gothic", YuGothic, Meiryo, sans-serif',
    sizeSmall: '13px',
    sizeBody: '15px',
    sizeLarge: '17px',
    sizeHeading: '19px',
    sizeDisplay: '24px',
    lineHeight: '1.7',
    lineHeightTight: '1.4',
    weightBold: '700',
  },
  space: {
    '1': '4px',
    '2': '8px',
    '3': '12px',
    '4': '16px',
    '5': '20px',
    '6': '24px',
    '8': '32px',
    '10': '40px',
    '12': '48px',
  },
  radius: {
    sm: '8px',
    md: '12px',
    lg: '20px',
    pill: '999px',
  },
  size: {
    target: '44px',
    column: '480px',
    header: '52px',
    nav: '64px',
  },
  shadow: {
    card: '0 1px 3px rgba(43, 37, 35, 0.08), 0 1px 2px rgba(43, 37, 35, 0.04)',
    raised: '0 8px 28px rgba(43, 37, 35, 0.18)',
  },
  motion: {
    fast: '120ms',
    normal: '220ms',
    easing: 'cubic-bezier(0.2, 0, 0, 1)',
  },
  z: {
    header: '10',
    nav: '20',
    banner: '30',
    sheet: '40',
    popup: '50',
    // Above sheets, under popups: a popup that answers a call is never hidden by its spinner.
    loader: '45',
  },
} as const;

export type Tokens = typeof tokens;

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** `var(--hn-color-primary)` for `cssVar('color', 'primary')`; typed so a typo fails the build. */
export function cssVar<G extends keyof Tokens>(group: G, name: keyof Tokens[G] & string): string {
  return `var(--hn-${kebab(group)}-${kebab(name)})`;
}

/** Every token as a custom property declaration, for `:root`. */
export function tokensToCss(t: Tokens = tokens): string {
  const lines: string[] = [];
  for (const [group, values] of Object.entries(t)) {
    for (const [name, value] of Object.entries(values as Record<string, string>)) {
      lines.push(`  --hn-${kebab(group)}-${kebab(name)}: ${value};`);
    }
  }
  return `:root {\n${lines.join('\n')}\n}`;
}
