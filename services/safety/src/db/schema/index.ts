import type { ObjectDeletionsTable, OutboxTable, ServiceMetaTable } from '@honne/service-kit';
import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface OperatorTable {
  id: string;
  email: string;
  password_hash: string;
  totp_secret: string;
  role: string;
  disabled_at: Timestamp | null;
  created_at: Timestamp;
}

export interface OperatorSessionTable {
  id: string;
  operator_id: string;
  /** sha256 of the token: a read of the table yields no usable token. */
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  ended_at: Timestamp | null;
}

export interface ApiKeyTable {
  id: string;
  name: string;
  scopes: Json<string[]>;
  secret_hash: string;
  created_by: string;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface AuditLogTable {
  id: Generated<string>;
  actor: string;
  action: string;
  target: string | null;
  detail: Json<unknown>;
  at: Timestamp;
  /** The durable event an entry was recorded from (unique), null for safety's own. */
  source_ref: ColumnType<string | null, string | null | undefined, never>;
}

/** An action waiting for a second operator (ADR 0030). */
export interface ApprovalTable {
  id: string;
  action: string;
  subject_id: string | null;
  report_id: string | null;
  amount: number | null;
  reason: string;
  body: Json<Record<string, unknown>>;
  requested_by: string;
  requested_at: Timestamp;
  state: string;
  decided_by: string | null;
  decided_at: Timestamp | null;
}
export type ApprovalRow = Selectable<ApprovalTable>;

export interface PeopleTable {
  user_id: string;
  person_id: string;
  age_id: number | null;
  updated_at: Timestamp;
}

export interface SubjectTable {
  id: string;
  kind: string;
  ref_id: string;
  person_id: string | null;
  created_at: Timestamp;
}

export interface ReportTable {
  id: string;
  source: string;
  source_ref: string;
  subject_id: string;
  person_id: string | null;
  reporter_id: string | null;
  room_id: string | null;
  content: string;
  state: string;
  priority: number;
  /** False for a muted reporter's report: it adds nothing to its own or its subject's rank. */
  raises_priority: ColumnType<boolean, boolean | undefined, boolean>;
  assigned_to: string | null;
  created_at: Timestamp;
  closed_at: Timestamp | null;
}

export interface ModerationEventTable {
  id: string;
  seq: Generated<string>;
  subject_id: string;
  action: string;
  actor: string;
  reason: string;
  policy: string | null;
  severity: number | null;
  note: string | null;
  expires_at: Timestamp | null;
  report_id: string | null;
  created_at: Timestamp;
}

export interface EvidenceTable {
  id: string;
  report_id: string;
  kind: string;
  payload: Json<unknown>;
  captured_at: Timestamp;
  keep_until: Timestamp;
}

export interface NoticeTable {
  id: string;
  person_id: string;
  event_id: string;
  action: string;
  title: string;
  body: string;
  until: Timestamp | null;
  appeal_until: Timestamp | null;
  appealed_at: Timestamp | null;
  created_at: Timestamp;
}

/** The filter's lists (ADR 0028): terms, expressions and allow entries, global or for one theme. */
export interface FilterEntryTable {
  id: string;
  kind: string;
  pattern: string;
  action: string | null;
  theme: string | null;
  whole_word: boolean | null;
  note: string | null;
  created_by: string;
  created_at: Timestamp;
  updated_by: string;
  updated_at: Timestamp;
}

/** One row: raised by every change to the lists. */
export interface FilterVersionTable {
  id: number;
  version: number;
}

/** A person whose reports are abusive (mute_reporter): their reports raise no priority. */
export interface MutedReporterTable {
  person_id: string;
  event_id: string;
  at: Timestamp;
}

/** An ID photo under review (ADR 0031); the photo is gone once decided. */
export interface AgeReviewTable {
  id: string;
  person_id: string;
  user_id: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  content_type: string;
  bytes: Buffer | null;
  object_key: string | null;
  created_at: Timestamp;
  decided_at: Timestamp | null;
  decided_by: string | null;
}

/** The age-assurance state last published per person. */
export interface AgeStateRowTable {
  person_id: string;
  state: string;
  at: Timestamp;
}

/** The age-assurance policy (one row, id 1). */
export interface AgePolicyRowTable {
  id: number;
  contact_pairs: string;
  /** Per feature, the states allowed (ADR 0038), JSON; null: every state. */
  features: string | null;
  updated_by: string;
  updated_at: Timestamp;
}

export interface SafetyDb {
  age_policy: AgePolicyRowTable;
  age_reviews: AgeReviewTable;
  age_states: AgeStateRowTable;
  object_deletions: ObjectDeletionsTable;
  service_meta: ServiceMetaTable;
  muted_reporters: MutedReporterTable;
  operators: OperatorTable;
  operator_sessions: OperatorSessionTable;
  api_keys: ApiKeyTable;
  audit_log: AuditLogTable;
  people: PeopleTable;
  subjects: SubjectTable;
  reports: ReportTable;
  moderation_events: ModerationEventTable;
  evidence: EvidenceTable;
  notices: NoticeTable;
  outbox: OutboxTable;
  filter_entries: FilterEntryTable;
  filter_version: FilterVersionTable;
  approvals: ApprovalTable;
}

export type OperatorRow = Selectable<OperatorTable>;
export type ReportRow = Selectable<ReportTable>;
export type SubjectRow = Selectable<SubjectTable>;
export type EventRow = Selectable<ModerationEventTable>;
export type NoticeRow = Selectable<NoticeTable>;
export type EvidenceRow = Selectable<EvidenceTable>;
export type ApiKeyRow = Selectable<ApiKeyTable>;
export type FilterEntryRow = Selectable<FilterEntryTable>;
