import { IconSvg, type IconProps } from '@honne/ui';

export const GiftIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <rect x="3.5" y="9" width="17" height="11" rx="1.5" />
    <path d="M2.5 9h19M12 9v11M12 9c-2-4-6-4-6-1.5S10 9 12 9zm0 0c2-4 6-4 6-1.5S14 9 12 9z" />
  </IconSvg>
);
export const PhoneIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 005 5L15 13l5 2v4a1 1 0 01-1 1A16 16 0 014 5a1 1 0 011-1z" />
  </IconSvg>
);
export const SendIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M4 12l16-8-6 16-2.5-6.5L4 12zM11.5 13.5L20 4" />
  </IconSvg>
);
export const PhotoIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <rect x="3" y="4.5" width="18" height="15" rx="2" />
    <circle cx="9" cy="10" r="1.8" />
    <path d="M3.5 18l5-5 4 4 3-3 5 5" />
  </IconSvg>
);
export const SmileIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M8 14.5s1.5 2 4 2 4-2 4-2M9 9.5h.01M15 9.5h.01" />
  </IconSvg>
);
export const TrumpetIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M9 18V6l11-2v12" />
    <circle cx="6.5" cy="18" r="2.5" />
    <circle cx="17.5" cy="16" r="2.5" />
  </IconSvg>
);
export const BlockIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M6 6l12 12" />
  </IconSvg>
);
export const TrashIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M4 7h16M9 7V4.5h6V7M6.5 7l1 13h9l1-13M10 11v5M14 11v5" />
  </IconSvg>
);
export const ChatIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M4 5h16v11H9l-5 4V5z" />
  </IconSvg>
);
export const AddPersonIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <circle cx="10" cy="8" r="3.5" />
    <path d="M3.5 20c0-3.5 3-6 6.5-6s6.5 2.5 6.5 6M19 8v6M16 11h6" />
  </IconSvg>
);
export const SearchIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4.5 4.5" />
  </IconSvg>
);
export const MoreIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M6 12h.01M12 12h.01M18 12h.01" strokeWidth={3} />
  </IconSvg>
);
export const SpeakerIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M4 9.5h4l5-4v13l-5-4H4v-5zM16.5 9a4 4 0 010 6M19 6.5a7.5 7.5 0 010 11" />
  </IconSvg>
);
export const UnblockIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <rect x="5" y="11" width="14" height="9" rx="2" />
    <path d="M8 11V8a4 4 0 017.5-2" />
  </IconSvg>
);
export const MicIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path d="M5.5 11a6.5 6.5 0 0013 0M12 17.5V21M8.5 21h7" />
  </IconSvg>
);
export const MicOffIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M15 10V6a3 3 0 00-5.7-1.3M9 9v2a3 3 0 004.6 2.5M5.5 11a6.5 6.5 0 0010.4 5.2M18.5 11a6.4 6.4 0 01-.6 2.7M12 17.5V21M8.5 21h7M4 4l16 16" />
  </IconSvg>
);
export const HangUpIcon = (p: IconProps) => (
  <IconSvg {...p}>
    <path d="M3 14.5c5-4.6 13-4.6 18 0l-2.2 2.6-3.3-1.6v-2.6a9.5 9.5 0 00-7 0v2.6L5.2 17.1 3 14.5z" />
  </IconSvg>
);
