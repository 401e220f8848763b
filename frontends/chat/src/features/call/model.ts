/**
 * The call as the overlay sees it. The server owns the call and its state machine (spec §4); this
 * is its latest word plus what only the browser knows (muted, minimised, media up).
 */
export type CallState =
  | 'none'
  | 'calling'
  | 'receiving'
  | 'waiting_connect'
  | 'connecting'
  | 'connected'
  | 'disconnect'
  | 'unable_connect'
  | 'busy'
  | 'refuse'
  | 'waiting_review'
  | 'end';

/** What the partner shows of themselves; an anonymous partner's card holds no identity. */
export interface CallPartner {
  name: string | null;
  avatar: string | null;
  area: string | null;
  gender: string | null;
  age: string | null;
  comment: string | null;
  blood_type: string | null;
  personality: string | null;
  character_words: string | null;
  detail: string | null;
}

export type CallRole = 'caller' | 'callee';

export interface CallSession {
  room_id: string;
  role: CallRole;
  state: CallState;
  partner: CallPartner;
  anonymous: boolean;
  /** Points per minute, 0 when free. */
  price: number;
  connected_at: string | null;
  /** The spec's 11/22/33/44 when the server ended the call for a reason the user did not choose. */
  end_cause: 11 | 22 | 33 | 44 | null;
  /** Whether the partner is a friend already (the add-friend button is hidden then). */
  is_friend: boolean;
  /** The chat room of the same pair, for the talk view's shortcut (the call room when none). */
  chat_room_id: string | null;
}

/** Full views (spec §2): calling, busy, refused. */
export const FULL_VIEW_STATES: readonly CallState[] = ['calling', 'busy', 'refuse'];
/** The talk view with header 'talking'. */
export const TALK_STATES: readonly CallState[] = [
  'waiting_connect',
  'connecting',
  'connected',
  'disconnect',
  'unable_connect',
  'waiting_review',
];
/** Spec §2: the minimised bar is offered while calling or connected. */
export const MINIMISABLE_STATES: readonly CallState[] = ['calling', 'waiting_connect', 'connecting', 'connected'];
/** States in which the microphone and media are live. */
export const MEDIA_STATES: readonly CallState[] = ['waiting_connect', 'connecting', 'connected'];

export const isFullView = (s: CallState) => FULL_VIEW_STATES.includes(s);
export const isTalkView = (s: CallState) => TALK_STATES.includes(s);
export const hasMedia = (s: CallState) => MEDIA_STATES.includes(s);

/** mm:ss (or h:mm:ss), tabular. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(h ? 2 : 1, '0');
  return `${h ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}
