import type { SVGProps } from 'react';

/** Line icons drawn for honne (24×24, currentColor). `filled` marks the active nav tab. */
export type IconProps = SVGProps<SVGSVGElement> & { filled?: boolean; size?: number };

/** The frame every honne icon is drawn in; remotes draw their own icons inside it too. */
export function IconSvg({ size = 24, filled: _filled, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

const fill = (filled?: boolean) => (filled ? 'currentColor' : 'none');

export const BackIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M15 5l-7 7 7 7" />
  </IconSvg>
);

export const CloseIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </IconSvg>
);

export const PersonIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <circle cx="12" cy="8" r="4" fill={fill(p.filled)} />
    <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill={fill(p.filled)} />
  </IconSvg>
);

export const BubblesIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <circle cx="8.5" cy="9" r="5.5" fill={fill(p.filled)} />
    <circle cx="17" cy="15.5" r="4" />
    <circle cx="9" cy="19" r="2" />
  </IconSvg>
);

export const HomeIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M4 11l8-7 8 7v9a1 1 0 0 1-1 1h-4v-6h-6v6H5a1 1 0 0 1-1-1z" fill={fill(p.filled)} />
  </IconSvg>
);

export const ClockIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <circle cx="12" cy="12" r="9" fill={fill(p.filled)} />
    <path d="M12 7v5l3 2" stroke={p.filled ? 'var(--hn-color-surface)' : 'currentColor'} />
  </IconSvg>
);

export const FriendsIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <circle cx="9" cy="8" r="3.5" fill={fill(p.filled)} />
    <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" fill={fill(p.filled)} />
    <circle cx="17" cy="9" r="2.8" />
    <path d="M17 14c2.8 0 4.5 2 4.5 5" />
  </IconSvg>
);

export const CloudOffIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M7 18h10a4 4 0 0 0 .8-7.9A6 6 0 0 0 6.3 9 4.5 4.5 0 0 0 7 18z" />
    <path d="M3 3l18 18" />
  </IconSvg>
);

export const LeafIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M5 19c0-8 5-13 14-14-1 9-6 14-14 14z" />
    <path d="M5 19l7-7" />
  </IconSvg>
);

export const CheckIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </IconSvg>
);

export const ChevronIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M9 5l7 7-7 7" />
  </IconSvg>
);

export const CameraIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
    <circle cx="12" cy="13.5" r="3.5" />
  </IconSvg>
);

export const ImageIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
    <circle cx="9" cy="10" r="1.8" />
    <path d="M4 18l5-5 4 4 3-3 4 4" />
  </IconSvg>
);

export const GridIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <circle cx="7" cy="7" r="2.5" />
    <circle cx="17" cy="7" r="2.5" />
    <circle cx="7" cy="17" r="2.5" />
    <circle cx="17" cy="17" r="2.5" />
  </IconSvg>
);

export const PlusIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M12 5v14M5 12h14" />
  </IconSvg>
);

export const HelpIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6" />
    <path d="M12 17h.01" />
  </IconSvg>
);

export const GearIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 3v2.5M12 18.5V21M3 12h2.5M18.5 12H21M5.6 5.6l1.8 1.8M16.6 16.6l1.8 1.8M5.6 18.4l1.8-1.8M16.6 7.4l1.8-1.8" />
  </IconSvg>
);

export const PencilIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M4 20h4L19 9l-4-4L4 16z" />
    <path d="M13.5 6.5l4 4" />
  </IconSvg>
);
