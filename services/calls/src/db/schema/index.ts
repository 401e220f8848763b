import type {
  AgePolicyTable,
  AgeStateTable,
  ServiceMetaTable,
  ObjectDeletionsTable,
  OutboxTable,
  UserRestrictionTable,
} from '@honne/service-kit';
import type { CallEndCause, ChargeState } from '@honne/contracts/calls';
import type { ColumnType, Selectable } from 'kysely';

import type { CallPhase, Side, Transport } from '../../domain/call-machine.ts';

/** Facts about this service's data (seed versions). */
/** A user's voice greeting (see db/repos/greetings.ts). */
export interface GreetingsTable {
  user_id: string;
  mime_type: string;
  duration_ms: number;
  size: number;
  /** The recording; empty when it is the object `object_key` in the store (S3_URL). */
  audio: Uint8Array;
  /** Null: the audio is in the row (no S3_URL). A new key per upload (see the greeting-objects migration). */
  object_key: string | null;
  updated_at: ColumnType<Date, Date, Date>;
}

export interface CallsTable {
  id: string;
  room_id: string;
  room_type_id: number;
  topic_id: string | null;
  caller_id: string;
  callee_id: string;
  caller_account: string;
  callee_account: string;
  caller_anonymous: boolean;
  callee_anonymous: boolean;
  transport: Transport;
  relay_only: boolean;
  call_price: number;
  time_call_price: number;
  payer_id: string | null;
  phase: CallPhase;
  end_cause: CallEndCause | null;
  ended_by: Side | null;
  caller_media: boolean;
  callee_media: boolean;
  caller_seen_at: Date | null;
  callee_seen_at: Date | null;
  created_at: Date;
  answered_at: Date | null;
  connected_at: Date | null;
  ended_at: Date | null;
  /** When the call's next timer fires (null: none runs). */
  deadline: Date | null;
  charging: ChargeState;
  /** When per-minute charging began (approval, or the connection with purchase_on_start). */
  charging_from: Date | null;
  billed_periods: number;
  charged_points: number;
  /** The payer's cap for this call (points), or null. */
  spend_cap: number | null;
  /** The p2p media session (both sides rebuild theirs when it moves; see the media-rejoin migration). */
  media_epoch: number;
  /** A side's media went down while connected at this time; null while both are up. */
  rejoin_at: Date | null;
}
export type CallRow = Selectable<CallsTable>;

export interface CallHoldsTable {
  account_id: string;
  user_id: string;
  call_id: string;
}

export interface CallAccountsTable {
  user_id: string;
  account_id: string;
}

export interface CallsDb {
  /** Kept from safety's events (kit age-states.ts): calls and paid calls go by them (ADR 0038). */
  person_age_states: AgeStateTable;
  age_policy: AgePolicyTable;
  service_meta: ServiceMetaTable;
  greetings: GreetingsTable;
  object_deletions: ObjectDeletionsTable;
  calls: CallsTable;
  call_holds: CallHoldsTable;
  call_accounts: CallAccountsTable;
  greeting_parts: GreetingPartsTable;
  outbox: OutboxTable;
  person_restrictions: UserRestrictionTable;
}

/** One of the seven parts of a greeting the spec's client uploads (see db/repos/greetings.ts). */
export interface GreetingPartsTable {
  user_id: string;
  /** 1 to 7. */
  part: number;
  /** The part as sent: a slice of the recording's data URL or base64. */
  data: string;
  updated_at: ColumnType<Date, Date, Date>;
}

/** A user's hold on "the one call they are in", across characters and devices. */
export interface Hold {
  call_id: string;
  /** The held call's room, its phase and which side of it this user is. */
  room_id: string;
  phase: string;
  side: 'caller' | 'callee';
  /** Either side of the held call is anonymous. */
  anonymous: boolean;
}
