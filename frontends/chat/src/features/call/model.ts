import type { CallState } from '@honne/contracts/calls';

/**
 * The call as the overlay sees it. The server owns the call and its state machine (spec §4); this
 * is its latest word plus what only the browser knows (muted, minimised, media up).
 */
export type { CallState } from '@honne/contracts/calls';

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

/**
 * The server's CallView (contracts/calls) joined with the partner's card (chat's room, then the
 * public profile when the partner is not anonymous).
 */
export interface CallSession {
  /** The call id (the spec's signal_id). */
  id: string;
  room_id: string;
  role: CallRole;
  state: CallState;
  partner: CallPartner;
  /** False until the partner's card has been read (the views show a placeholder, not '匿名さん'). */
  partner_known: boolean;
  /** Either side is anonymous: the start prompt and tone play, the add-friend button hides. */
  anonymous: boolean;
  /** Points per minute, 0 when free. */
  price: number;
  i_pay: boolean;
  /** Where a paid call's charge stands, and what it came to so far (points). */
  charging: 'none' | 'requested' | 'approved' | 'refused';
  charged_points: number;
  /** The payer's cap for this call (points), or null. */
  spend_cap: number | null;
  connected_at: string | null;
  /** How long the call had been connected when the server sent this view (its own clock), or null. */
  connected_ago_ms: number | null;
  /** The spec's 11/22/33/44 when the line dropped (state 'disconnect'). */
  disconnect_code: number | null;
  end_cause: string | null;
  transport: 'p2p' | 'livekit';
  relay_only: boolean;
  offerer: boolean;
  /** p2p media session: a new one (a side rejoined) means a new peer connection on both sides. */
  media_epoch: number;
  /** Whether the partner is a friend already (the add-friend button is hidden then). */
  is_friend: boolean;
  /** The partner's user id when they are not anonymous (add friend, report). */
  partner_id: string | null;
  /** The chat room of the same pair, for the talk view's shortcut: the call's own room. */
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
