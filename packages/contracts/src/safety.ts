import { Type, type Static } from '@sinclair/typebox';

import { ExpertRequest, ExpertRequestsQuery, Rank, RankBody } from './accounts.ts';
import { endpoint, Envelope, ErrorEnvelope, IdParams, Nullable, Ok, Uuid } from './common.ts';
import {
  GrantBody,
  GrantResult,
  PurchaseEvent,
  PurchaseEventsQuery,
  UnusedReport,
  UnusedReportQuery,
} from './points.ts';

// The moderation service (issue 27): reports, subjects and their events, evidence, notices and
// appeals, operator accounts, API keys and the audit log. Console endpoints live under
// /admin/safety and take an operator's session token or an API key (auth 'console'); what the app
// itself calls lives under /safety with the user's token.

export const OPERATOR_ROLES = ['admin', 'moderator', 'triage'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * What each console endpoint needs (its `permission`). Triage sorts the queue; moderators act on
 * people; admins also manage operators and keys and read the audit log. An API key holds a subset
 * of these as its scopes, never more than its creator's role.
 */
export const PERMISSIONS = [
  'queue.read',
  'queue.assign',
  'evidence.read',
  'action.triage',
  'action.moderate',
  'action.suspend',
  'action.ban',
  'operators.manage',
  'keys.manage',
  'audit.read',
  'filters.read',
  'filters.edit',
  'system.read',
  // The points operator API (ADR 0034): granting points, reading the money reports, ranks and experts.
  'points.grant',
  'points.read',
  'ranks.set',
  'expert.approve',
  // ADR 0038: which age states may use calls, paid calls and chats, anonymity (admins only).
  'age_features.edit',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<OperatorRole, readonly Permission[]> = {
  triage: ['queue.read', 'queue.assign', 'action.triage', 'filters.read'],
  moderator: [
    'queue.read',
    'queue.assign',
    'evidence.read',
    'action.triage',
    'action.moderate',
    'action.suspend',
    'action.ban',
    'filters.read',
    'filters.edit',
    'system.read',
    'points.read',
    'ranks.set',
    'expert.approve',
  ],
  // Granting points makes money: admins only (and keys they scope for it).
  admin: PERMISSIONS,
};

export const SAFETY_LIMITS = {
  reportMax: 1000,
  appealMax: 2000,
  /** An appeal may be sent once, within this many days of the notice. */
  appealDays: 20,
  contactMax: 2000,
  noteMax: 2000,
  /** Frozen evidence is kept this long, then deleted. */
  evidenceDays: 180,
  /** Messages kept on each side of the reported one. */
  evidenceAround: 20,
} as const;

export const SAFETY_MESSAGES = {
  contentRequired: '内容を入力してください。',
  contentTooLong: `${SAFETY_LIMITS.contactMax}文字以内で入力してください。`,
  appealTooLong: `${SAFETY_LIMITS.appealMax}文字以内で入力してください。`,
  appealClosed: 'この通知への異議申し立てはできません（受付は1回、通知から20日以内です）。',
  signInFailed: 'メールアドレス、パスワード、または確認コードが正しくありません。',
  consoleOnly: '運営者としてのサインインが必要です。',
  notAllowed: 'この操作の権限がありません。',
  received: '受け付けました。',
  filterEntryInvalid: 'この語または正規表現は使えません（長さか書き方を確かめてください）。',
} as const;

/** The note a reporter gets when an operator closes their report (issue 27): never what was done to whom. */
export const OUTCOME_NOTES = {
  actioned: { title: '通報の確認結果', body: 'ご報告ありがとうございました。確認のうえ対応しました。' },
  dismissed: {
    title: '通報の確認結果',
    body: 'ご報告ありがとうございました。確認しましたが、利用規約への違反は確認できませんでした。',
  },
} as const;

export const SUBJECT_KINDS = ['person', 'character', 'voice', 'room', 'message', 'call', 'ticket'] as const;
export type SubjectKind = (typeof SUBJECT_KINDS)[number];

/** Where a report came from: the three report screens, the in-call button, お問い合わせ, an appeal. */
export const REPORT_SOURCES = ['user', 'voice', 'room', 'call', 'contact', 'appeal', 'filter'] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

export const REPORT_STATES = ['open', 'queued', 'assigned', 'closed'] as const;
/**
 * The parts of a report's rank in the queue: a minor involved, a live call, an appeal, other open
 * reports on the same subject (repeats), or a reporter muted for abusive reports (ranks nothing).
 */
export const PRIORITY_REASONS = ['minor', 'live_call', 'appeal', 'repeats', 'muted_reporter'] as const;
export type PriorityReason = (typeof PRIORITY_REASONS)[number];
export type ReportState = (typeof REPORT_STATES)[number];

/**
 * Every operator action, each an append-only event on the subject; the permission it needs.
 * `lift` ends a mute, suspension or ban early; `restore_voice` shows a hidden voice again;
 * `unmute_reporter` undoes `mute_reporter`.
 */
export const ACTIONS = {
  acknowledge: 'action.triage',
  dismiss: 'action.triage',
  escalate: 'action.triage',
  hide_voice: 'action.moderate',
  restore_voice: 'action.moderate',
  warn: 'action.moderate',
  mute: 'action.moderate',
  suspend: 'action.suspend',
  lift: 'action.suspend',
  ban: 'action.ban',
  /** A reporter whose reports are abusive: their reports stop raising priority (reversible). */
  /** On a message subject: that message; on a room subject: the person's messages in that room. */
  delete_messages: 'action.moderate',
  mute_reporter: 'action.moderate',
  unmute_reporter: 'action.moderate',
  /**
   * Money (ADR 0030): no spending or gifts for the person (`hours` optional: without it, until
   * `unfreeze_points`); gifts they receive are recorded but held (not spendable) until it ends.
   */
  freeze_points: 'action.moderate',
  unfreeze_points: 'action.moderate',
} as const satisfies Record<string, Permission>;
export type ActionName = keyof typeof ACTIONS;
export const ACTION_NAMES = Object.keys(ACTIONS) as ActionName[];

const Text = (max: number) => Type.String({ maxLength: max });

export const SignInBody = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
  totp: Type.String({ maxLength: 6, pattern: '^[0-9]{6}$' }),
});
export const ConsoleSession = Type.Object({
  token: Type.String(),
  expires_at: Type.String(),
  operator: Type.Object({ id: Type.String(), email: Type.String(), role: Type.String() }),
});

export const Operator = Type.Object({
  id: Type.String(),
  email: Type.String(),
  role: Type.String(),
  disabled: Type.Boolean(),
  created_at: Type.String(),
});
export const CreateOperatorBody = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 254 }),
  password: Type.String({ minLength: 12, maxLength: 200 }),
  role: Type.Union(OPERATOR_ROLES.map((r) => Type.Literal(r))),
});
/** The TOTP secret is shown once, at creation, for the new operator's authenticator app. */
export const CreatedOperator = Type.Object({
  operator: Operator,
  totp_secret: Type.String(),
  otpauth_url: Type.String(),
});

export const ApiKey = Type.Object({
  id: Type.String(),
  name: Type.String(),
  scopes: Type.Array(Type.String()),
  created_by: Type.String(),
  created_at: Type.String(),
  revoked_at: Nullable(Type.String()),
});
export const CreateApiKeyBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  scopes: Type.Array(Type.Union(PERMISSIONS.map((p) => Type.Literal(p))), {
    minItems: 1,
    maxItems: PERMISSIONS.length,
  }),
});
/** The key itself is shown once; only its hash is kept. */
export const CreatedApiKey = Type.Object({ key: ApiKey, secret: Type.String() });

export const AuditEntry = Type.Object({
  id: Type.String(),
  actor: Type.String(),
  action: Type.String(),
  target: Nullable(Type.String()),
  detail: Type.Unknown(),
  at: Type.String(),
});

export const Report = Type.Object({
  id: Type.String(),
  source: Type.String(),
  subject_id: Type.String(),
  subject_kind: Type.String(),
  subject_ref: Type.String(),
  person_id: Nullable(Type.String()),
  reporter_id: Nullable(Type.String()),
  content: Type.String(),
  state: Type.String(),
  /** The rank the queue orders by (its own priority, plus repeats while it waits). */
  priority: Type.Integer(),
  /** What the rank is made of, each part with its points (they add up to `priority`). */
  priority_reasons: Type.Array(
    Type.Object({ reason: Type.Union(PRIORITY_REASONS.map((r) => Type.Literal(r))), points: Type.Integer() }),
  ),
  assigned_to: Nullable(Type.String()),
  created_at: Type.String(),
  closed_at: Nullable(Type.String()),
  /** A message the filter held (ADR 0028), undelivered until an operator releases or discards it. */
  held: Type.Boolean(),
  /**
   * An appeal's appealed moderation event: its action and subject (an appeal against a hidden voice
   * is decided on the voice, by restore_voice). Null for other reports, and where not looked up.
   */
  appeal_of: Nullable(Type.Object({ action: Type.String(), subject_id: Type.String() })),
});
export const QueueQuery = Type.Object({
  state: Type.Optional(Type.Union(REPORT_STATES.map((s) => Type.Literal(s)))),
  source: Type.Optional(Type.Union(REPORT_SOURCES.map((s) => Type.Literal(s)))),
  /** The subject's kind (the console's filter by subject type). */
  kind: Type.Optional(Type.Union(SUBJECT_KINDS.map((k) => Type.Literal(k)))),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
});
export const AssignBody = Type.Object({ operator_id: Type.Optional(Uuid()) });

export const ModerationEvent = Type.Object({
  id: Type.String(),
  subject_id: Type.String(),
  action: Type.String(),
  actor: Type.String(),
  reason: Type.String(),
  policy: Nullable(Type.String()),
  severity: Nullable(Type.Integer()),
  note: Nullable(Type.String()),
  expires_at: Nullable(Type.String()),
  report_id: Nullable(Type.String()),
  created_at: Type.String(),
});
/** A subject's status, derived from its events (domain/status.ts). */
export const SubjectStatus = Type.Object({
  review: Type.Union([Type.Literal('open'), Type.Literal('escalated'), Type.Literal('closed')]),
  muted_until: Nullable(Type.String()),
  suspended_until: Nullable(Type.String()),
  banned: Type.Boolean(),
  voice_hidden: Type.Boolean(),
  warnings: Type.Integer(),
  /** The person's reports no longer raise priority (mute_reporter). */
  reporter_muted: Type.Boolean(),
  /** Points frozen (freeze_points): no spending or gifts; until this time, or null with `points_frozen` until unfrozen. */
  points_frozen: Type.Boolean(),
  points_frozen_until: Nullable(Type.String()),
  /** Strikes not yet expired (ADR 0030: warn 1, mute 1, suspend 2, or the action's severity; 90 days each). */
  strikes: Type.Integer(),
  /** What the thresholds suggest for the next violation, given the strikes standing (ADR 0030). */
  suggested: Nullable(
    Type.Object({
      action: Type.Union([Type.Literal('warn'), Type.Literal('mute'), Type.Literal('suspend'), Type.Literal('ban')]),
      hours: Nullable(Type.Integer()),
    }),
  ),
});
export const SubjectView = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  ref_id: Type.String(),
  person_id: Nullable(Type.String()),
  status: SubjectStatus,
  events: Type.Array(ModerationEvent),
  reports: Type.Array(Report),
  /** Open appeals against this subject's events (filed on the person): a hidden voice's, say. */
  appeals: Type.Array(Report),
});
export const ActionBody = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: 500 }),
  policy: Type.Optional(Type.String({ maxLength: 100 })),
  severity: Type.Optional(Type.Integer({ minimum: 0, maximum: 5 })),
  note: Type.Optional(Text(SAFETY_LIMITS.noteMax)),
  /** Mute and suspend: how long. */
  hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 * 365 })),
  /** The report this action answers: it is closed with it (acknowledge, dismiss, any action). */
  report_id: Type.Optional(Uuid()),
});
/**
 * An action that needs a second operator (ADR 0030: any ban, a refund above the threshold): the
 * first operator's request, waiting for a different operator to approve or reject it.
 */
export const Approval = Type.Object({
  id: Type.String(),
  action: Type.Union([Type.Literal('ban'), Type.Literal('refund')]),
  subject_id: Nullable(Type.String()),
  report_id: Nullable(Type.String()),
  /** Points to refund (refunds), as quoted when requested. */
  amount: Nullable(Type.Integer()),
  reason: Type.String(),
  requested_by: Type.String(),
  requested_at: Type.String(),
  state: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
  decided_by: Nullable(Type.String()),
  decided_at: Nullable(Type.String()),
});
/** `event` null and `approval` pending: the action waits for a second operator (a ban). */
export const ActionResult = Type.Object({
  event: Nullable(ModerationEvent),
  status: SubjectStatus,
  approval: Type.Optional(Nullable(Approval)),
});
export const RefundBody = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: 500 }),
  note: Type.Optional(Type.String({ maxLength: 2000 })),
});
export const RefundResult = Type.Object({
  /** done: refunded now; pending: above the threshold, waiting for a second operator. */
  state: Type.Union([Type.Literal('done'), Type.Literal('pending')]),
  amount: Type.Integer(),
  approval: Nullable(Approval),
});
export const DecideBody = Type.Object({ note: Type.Optional(Type.String({ maxLength: 2000 })) });
/** A person's points as the console shows them (ADR 0030), per character. */
export const PersonPoints = Type.Object({
  characters: Type.Array(
    Type.Object({
      user_id: Type.String(),
      balance: Type.Integer(),
      frozen: Type.Boolean(),
      frozen_until: Nullable(Type.String()),
      movements: Type.Array(
        Type.Object({
          id: Type.String(),
          kind: Type.String(),
          amount: Type.Integer(),
          direction: Type.Union([Type.Literal('in'), Type.Literal('out')]),
          room_id: Nullable(Type.String()),
          at: Type.String(),
        }),
      ),
    }),
  ),
});

export const EvidenceItem = Type.Object({
  id: Type.String(),
  report_id: Type.String(),
  kind: Type.String(),
  payload: Type.Unknown(),
  captured_at: Type.String(),
  keep_until: Type.String(),
});

/** Reports waiting longer than this breach the stores' expectation of action within a day. */
export const BREACH_HOURS = 24;

/** One queue's figures (a queue is a report source: user, voice, room, call, contact, appeal). */
export const QueueFigures = Type.Object({
  source: Type.String(),
  pending: Type.Integer(),
  inbound_24h: Type.Integer(),
  oldest_waiting_at: Nullable(Type.String()),
  /** Time from filing to the first action naming the report, over reports filed in the last 30 days. */
  first_action_p50_s: Nullable(Type.Number()),
  first_action_p95_s: Nullable(Type.Number()),
  breaching: Type.Integer(),
});
export const QueueStats = Type.Object({
  pending: Type.Integer(),
  inbound_24h: Type.Integer(),
  oldest_waiting_at: Nullable(Type.String()),
  queues: Type.Array(QueueFigures),
  /** The oldest reports still waiting past BREACH_HOURS (up to 50), oldest first. */
  breaching: Type.Array(Report),
});

/**
 * The console's system page (issue 29): the SLOs users feel, the alerts, and every instance's
 * health, as Prometheus sees them (its HTTP API). `source: 'none'` when PROMETHEUS_URL is unset.
 */
export const SloFigure = Type.Object({
  id: Type.String(),
  /** The current value in `unit` (seconds, or 1/0 for the ledger), null while there is no data. */
  value: Nullable(Type.Number()),
  unit: Type.Union([Type.Literal('seconds'), Type.Literal('boolean')]),
  objective: Type.Number(),
  /** Within its objective; null while there is no data. */
  ok: Nullable(Type.Boolean()),
});
export const SystemHealth = Type.Object({
  source: Type.Union([Type.Literal('prometheus'), Type.Literal('none')]),
  checked_at: Type.String(),
  /** Why Prometheus could not be read, when it could not. */
  error: Nullable(Type.String()),
  slos: Type.Array(SloFigure),
  alerts: Type.Array(
    Type.Object({
      name: Type.String(),
      state: Type.String(),
      severity: Nullable(Type.String()),
      summary: Nullable(Type.String()),
      since: Nullable(Type.String()),
    }),
  ),
  instances: Type.Array(
    Type.Object({
      job: Type.String(),
      instance: Type.String(),
      up: Type.Boolean(),
      last_scrape: Nullable(Type.String()),
      error: Nullable(Type.String()),
    }),
  ),
});
export type SystemHealth = Static<typeof SystemHealth>;

/** A person (the parent account) across their characters: each one's subject and every report about them. */
export const PersonView = Type.Object({
  person_id: Type.String(),
  characters: Type.Array(
    Type.Object({ user_id: Type.String(), age_id: Nullable(Type.Integer()), subject_id: Nullable(Type.String()) }),
  ),
  /** The person's own subject (where warn, mute, suspend and ban are recorded), once it exists. */
  subject_id: Nullable(Type.String()),
  status: SubjectStatus,
  events: Type.Array(ModerationEvent),
  reports: Type.Array(Report),
});

export const Notice = Type.Object({
  id: Type.String(),
  action: Type.String(),
  title: Type.String(),
  body: Type.String(),
  until: Nullable(Type.String()),
  created_at: Type.String(),
  appeal_until: Nullable(Type.String()),
  appealed: Type.Boolean(),
});
export const AppealBody = Type.Object({ content: Type.String({ maxLength: SAFETY_LIMITS.appealMax }) });
export const ContactBody = Type.Object({
  category: Type.Optional(Type.String({ maxLength: 50 })),
  content: Type.String({ maxLength: SAFETY_LIMITS.contactMax }),
});
export const CallReportBody = Type.Object({
  content: Type.Optional(Type.String({ maxLength: SAFETY_LIMITS.reportMax })),
});
export const Received = Type.Object({ message: Type.String(), id: Type.String() });

// The filter's lists (issue 28, ADR 0028): entries operators keep, global or for one theme, each
// with the action the filter takes; allow entries spare innocent words. Every instance that
// filters text holds them compiled and learns each change over the bus.
export const FILTER_ENTRY_KINDS = ['term', 'regex', 'allow'] as const;
export const FILTER_ENTRY_ACTIONS = ['refuse', 'hold', 'mask', 'flag'] as const;
export const FILTER_LIMITS_API = { patternMax: 300, noteMax: 500, tryMax: 2000 } as const;

export const FilterEntry = Type.Object({
  id: Type.String(),
  kind: Type.Union(FILTER_ENTRY_KINDS.map((k) => Type.Literal(k))),
  pattern: Type.String(),
  /** Terms and expressions; null for allow entries. */
  action: Nullable(Type.Union(FILTER_ENTRY_ACTIONS.map((a) => Type.Literal(a)))),
  /** Null: the global list; else the theme (topic) id it applies to. */
  theme: Nullable(Type.String()),
  whole_word: Nullable(Type.Boolean()),
  note: Nullable(Type.String()),
  created_by: Type.String(),
  created_at: Type.String(),
  updated_by: Type.String(),
  updated_at: Type.String(),
});
export const FilterEntryBody = Type.Object({
  kind: Type.Union(FILTER_ENTRY_KINDS.map((k) => Type.Literal(k))),
  pattern: Type.String({ minLength: 1, maxLength: FILTER_LIMITS_API.patternMax }),
  action: Type.Optional(Type.Union(FILTER_ENTRY_ACTIONS.map((a) => Type.Literal(a)))),
  theme: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100 }))),
  whole_word: Type.Optional(Nullable(Type.Boolean())),
  note: Type.Optional(Nullable(Type.String({ maxLength: FILTER_LIMITS_API.noteMax }))),
});
export const FilterEntryPatch = Type.Partial(FilterEntryBody);
export const FilterLists = Type.Object({
  /** Raised by every change; instances holding an older one fetch the lists again. */
  version: Type.Integer(),
  entries: Type.Array(FilterEntry),
});
export const FilterTryBody = Type.Object({
  text: Type.String({ minLength: 1, maxLength: FILTER_LIMITS_API.tryMax }),
  theme: Type.Optional(Type.String({ maxLength: 100 })),
});
/** What "try this text" answers: the action, each match (entry, written span, normalised form) and what was spared. */
export const FilterTryResult = Type.Object({
  action: Type.String(),
  masked: Type.String(),
  matches: Type.Array(
    Type.Object({
      entry: Type.String(),
      entry_id: Nullable(Type.String()),
      kind: Type.String(),
      action: Type.String(),
      from: Type.Integer(),
      to: Type.Integer(),
      written: Type.String(),
      normalised: Type.String(),
    }),
  ),
  spared: Type.Array(Type.Object({ entry: Type.String(), written: Type.String(), because: Type.String() })),
  /** The list version the answer was computed with. */
  version: Type.Integer(),
});

const consoleErrors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const userErrors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };

const actionEndpoint = (name: ActionName) =>
  endpoint({
    method: 'POST',
    url: `/admin/safety/subjects/:id/actions/${name}`,
    service: 'safety',
    summary: `Moderation action '${name}' on a subject: an append-only event; its status is derived again`,
    auth: 'console',
    permission: ACTIONS[name] as Permission,
    schema: { params: IdParams, body: ActionBody, response: { 200: Envelope(ActionResult), ...consoleErrors } },
  });

/** One endpoint per action, so each carries its own permission (and the authorization test sees it). */
export const actionEndpoints = Object.fromEntries(ACTION_NAMES.map((n) => [n, actionEndpoint(n)])) as Record<
  ActionName,
  ReturnType<typeof actionEndpoint>
>;

export const safetyEndpoints = {
  signIn: endpoint({
    method: 'POST',
    url: '/admin/safety/sessions',
    service: 'safety',
    summary: 'Operator sign-in with e-mail, password and a TOTP code; answers a session token that expires',
    auth: 'public',
    rateLimit: 'auth',
    schema: { body: SignInBody, response: { 200: Envelope(ConsoleSession), 401: ErrorEnvelope, 403: ErrorEnvelope } },
  }),
  signOut: endpoint({
    method: 'DELETE',
    url: '/admin/safety/sessions/current',
    service: 'safety',
    summary: "End the operator's current session",
    auth: 'console',
    permission: 'queue.read',
    schema: { response: { 200: Envelope(Ok), ...consoleErrors } },
  }),
  listOperators: endpoint({
    method: 'GET',
    url: '/admin/safety/operators',
    service: 'safety',
    summary: 'Operator accounts',
    auth: 'console',
    permission: 'operators.manage',
    schema: { response: { 200: Envelope(Type.Array(Operator)), ...consoleErrors } },
  }),
  createOperator: endpoint({
    method: 'POST',
    url: '/admin/safety/operators',
    service: 'safety',
    summary: 'Create an operator with a role; answers the TOTP secret once',
    auth: 'console',
    permission: 'operators.manage',
    schema: { body: CreateOperatorBody, response: { 200: Envelope(CreatedOperator), ...consoleErrors } },
  }),
  disableOperator: endpoint({
    method: 'POST',
    url: '/admin/safety/operators/:id/disable',
    service: 'safety',
    summary: 'Disable an operator: their sessions end and they cannot sign in again',
    auth: 'console',
    permission: 'operators.manage',
    schema: { params: IdParams, response: { 200: Envelope(Ok), ...consoleErrors } },
  }),
  listApiKeys: endpoint({
    method: 'GET',
    url: '/admin/safety/api_keys',
    service: 'safety',
    summary: 'API keys for automation, with their scopes',
    auth: 'console',
    permission: 'keys.manage',
    schema: { response: { 200: Envelope(Type.Array(ApiKey)), ...consoleErrors } },
  }),
  createApiKey: endpoint({
    method: 'POST',
    url: '/admin/safety/api_keys',
    service: 'safety',
    summary: 'Create a scoped API key; answers its secret once',
    auth: 'console',
    permission: 'keys.manage',
    schema: { body: CreateApiKeyBody, response: { 200: Envelope(CreatedApiKey), ...consoleErrors } },
  }),
  revokeApiKey: endpoint({
    method: 'DELETE',
    url: '/admin/safety/api_keys/:id',
    service: 'safety',
    summary: 'Revoke an API key at once',
    auth: 'console',
    permission: 'keys.manage',
    schema: { params: IdParams, response: { 200: Envelope(Ok), ...consoleErrors } },
  }),
  audit: endpoint({
    method: 'GET',
    url: '/admin/safety/audit',
    service: 'safety',
    summary: 'The audit log, newest first (append-only: no endpoint or repo changes it)',
    auth: 'console',
    permission: 'audit.read',
    schema: {
      querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })) }),
      response: { 200: Envelope(Type.Array(AuditEntry)), ...consoleErrors },
    },
  }),
  queue: endpoint({
    method: 'GET',
    url: '/admin/safety/queue',
    service: 'safety',
    summary: 'Reports by priority (minors, live calls, repeated reports first), then age',
    auth: 'console',
    permission: 'queue.read',
    schema: { querystring: QueueQuery, response: { 200: Envelope(Type.Array(Report)), ...consoleErrors } },
  }),
  assign: endpoint({
    method: 'POST',
    url: '/admin/safety/reports/:id/assign',
    service: 'safety',
    summary: 'Assign a report to an operator (the caller by default)',
    auth: 'console',
    permission: 'queue.assign',
    schema: { params: IdParams, body: AssignBody, response: { 200: Envelope(Report), ...consoleErrors } },
  }),
  evidence: endpoint({
    method: 'GET',
    url: '/admin/safety/reports/:id/evidence',
    service: 'safety',
    summary: "A report's frozen evidence (messages around it, call metadata, points moved); every read is audited",
    auth: 'console',
    permission: 'evidence.read',
    schema: { params: IdParams, response: { 200: Envelope(Type.Array(EvidenceItem)), ...consoleErrors } },
  }),
  refundReport: endpoint({
    method: 'POST',
    url: '/admin/safety/reports/:id/refund',
    service: 'safety',
    summary:
      "Refund the reported room's paid chat and call movements to their payers; above the threshold it waits for a second operator",
    auth: 'console',
    permission: 'action.moderate',
    schema: { params: IdParams, body: RefundBody, response: { 200: Envelope(RefundResult), ...consoleErrors } },
  }),
  approvals: endpoint({
    method: 'GET',
    url: '/admin/safety/approvals',
    service: 'safety',
    summary: 'Actions waiting for a second operator (bans, large refunds), then the latest decided',
    auth: 'console',
    permission: 'queue.read',
    schema: { response: { 200: Envelope(Type.Array(Approval)), ...consoleErrors } },
  }),
  approve: endpoint({
    method: 'POST',
    url: '/admin/safety/approvals/:id/approve',
    service: 'safety',
    summary: 'A second operator (not the requester) approves: the action takes effect now',
    auth: 'console',
    permission: 'action.moderate',
    schema: { params: IdParams, body: DecideBody, response: { 200: Envelope(Approval), ...consoleErrors } },
  }),
  reject: endpoint({
    method: 'POST',
    url: '/admin/safety/approvals/:id/reject',
    service: 'safety',
    summary: 'A second operator (not the requester) rejects: nothing happens',
    auth: 'console',
    permission: 'action.moderate',
    schema: { params: IdParams, body: DecideBody, response: { 200: Envelope(Approval), ...consoleErrors } },
  }),
  personPoints: endpoint({
    method: 'GET',
    url: '/admin/safety/people/:id/points',
    service: 'safety',
    summary: "A person's points per character, by any subject of theirs: balance, frozen or not, recent movements",
    auth: 'console',
    permission: 'queue.read',
    schema: { params: IdParams, response: { 200: Envelope(PersonPoints), ...consoleErrors } },
  }),
  // The points operator API (ADR 0034): safety checks the operator and audits, points and accounts
  // do the work over the bus.
  grantPoints: endpoint({
    method: 'POST',
    url: '/admin/safety/points/grants',
    service: 'safety',
    summary: 'Grant points to a user (idempotent by key), asked of points and audited',
    auth: 'console',
    permission: 'points.grant',
    schema: { body: GrantBody, response: { 200: Envelope(GrantResult), ...consoleErrors, 503: ErrorEnvelope } },
  }),
  unusedPointsReport: endpoint({
    method: 'GET',
    url: '/admin/safety/points/reports/unused',
    service: 'safety',
    summary: 'The unused purchased balance on a base date (31 March / 30 September), asked of points',
    auth: 'console',
    permission: 'points.read',
    schema: {
      querystring: UnusedReportQuery,
      response: { 200: Envelope(UnusedReport), ...consoleErrors, 503: ErrorEnvelope },
    },
  }),
  purchaseEvents: endpoint({
    method: 'GET',
    url: '/admin/safety/points/purchases',
    service: 'safety',
    summary: "The provider's checkout events by status ('unresolved': no such buyer, an operator resolves it)",
    auth: 'console',
    permission: 'points.read',
    schema: {
      querystring: PurchaseEventsQuery,
      response: { 200: Envelope(Type.Array(PurchaseEvent)), ...consoleErrors, 503: ErrorEnvelope },
    },
  }),
  setRank: endpoint({
    method: 'PUT',
    url: '/admin/safety/users/:id/rank',
    service: 'safety',
    summary: "Set a character's rank (price maxima), asked of accounts and audited",
    auth: 'console',
    permission: 'ranks.set',
    schema: {
      params: IdParams,
      body: RankBody,
      response: {
        200: Envelope(Type.Object({ user_id: Type.String(), rank: Rank })),
        ...consoleErrors,
        503: ErrorEnvelope,
      },
    },
  }),
  expertRequests: endpoint({
    method: 'GET',
    url: '/admin/safety/experts/requests',
    service: 'safety',
    summary: 'The expert requests waiting for an answer, oldest first, asked of accounts',
    auth: 'console',
    permission: 'expert.approve',
    schema: {
      querystring: ExpertRequestsQuery,
      response: { 200: Envelope(Type.Array(ExpertRequest)), ...consoleErrors, 503: ErrorEnvelope },
    },
  }),
  setExpert: endpoint({
    method: 'PUT',
    url: '/admin/safety/users/:id/expert',
    service: 'safety',
    summary: "Approve or refuse a character's expert request, asked of accounts and audited",
    auth: 'console',
    permission: 'expert.approve',
    schema: {
      params: IdParams,
      body: Type.Object({ approve: Type.Boolean() }),
      response: {
        200: Envelope(Type.Object({ user_id: Type.String(), is_approval: Type.Integer() })),
        ...consoleErrors,
        503: ErrorEnvelope,
      },
    },
  }),
  subject: endpoint({
    method: 'GET',
    url: '/admin/safety/subjects/:id',
    service: 'safety',
    summary: 'A subject with its derived status, its whole event history and its reports',
    auth: 'console',
    permission: 'queue.read',
    schema: { params: IdParams, response: { 200: Envelope(SubjectView), ...consoleErrors } },
  }),
  filterEntries: endpoint({
    method: 'GET',
    url: '/admin/safety/filter/entries',
    service: 'safety',
    summary: "The filter's lists (terms, expressions, allow entries; global and per theme) with their version",
    auth: 'console',
    permission: 'filters.read',
    schema: { response: { 200: Envelope(FilterLists), ...consoleErrors } },
  }),
  addFilterEntry: endpoint({
    method: 'POST',
    url: '/admin/safety/filter/entries',
    service: 'safety',
    summary: 'Add a filter entry; every instance that filters has it within a second (audited)',
    auth: 'console',
    permission: 'filters.edit',
    schema: { body: FilterEntryBody, response: { 200: Envelope(FilterEntry), ...consoleErrors } },
  }),
  editFilterEntry: endpoint({
    method: 'PATCH',
    url: '/admin/safety/filter/entries/:id',
    service: 'safety',
    summary: 'Change a filter entry (audited)',
    auth: 'console',
    permission: 'filters.edit',
    schema: {
      params: IdParams,
      body: FilterEntryPatch,
      response: { 200: Envelope(FilterEntry), ...consoleErrors },
    },
  }),
  removeFilterEntry: endpoint({
    method: 'DELETE',
    url: '/admin/safety/filter/entries/:id',
    service: 'safety',
    summary: 'Remove a filter entry (audited)',
    auth: 'console',
    permission: 'filters.edit',
    schema: { params: IdParams, response: { 200: Envelope(Ok), ...consoleErrors } },
  }),
  tryFilter: endpoint({
    method: 'POST',
    url: '/admin/safety/filter/try',
    service: 'safety',
    summary: 'Try a text against the current lists: what matched and why (entry, span, normalised form, spared)',
    auth: 'console',
    permission: 'filters.read',
    schema: { body: FilterTryBody, response: { 200: Envelope(FilterTryResult), ...consoleErrors } },
  }),
  releaseHeld: endpoint({
    method: 'POST',
    url: '/admin/safety/reports/:id/release',
    service: 'safety',
    summary:
      'A message the filter held (report source filter): deliver it to its receiver; the report closes (audited)',
    auth: 'console',
    permission: 'action.moderate',
    schema: { params: IdParams, response: { 200: Envelope(Report), ...consoleErrors } },
  }),
  discardHeld: endpoint({
    method: 'POST',
    url: '/admin/safety/reports/:id/discard',
    service: 'safety',
    summary: 'A message the filter held: delete it undelivered; the report closes (audited)',
    auth: 'console',
    permission: 'action.moderate',
    schema: { params: IdParams, response: { 200: Envelope(Report), ...consoleErrors } },
  }),
  stats: endpoint({
    method: 'GET',
    url: '/admin/safety/stats',
    service: 'safety',
    summary:
      'Queue statistics: pending, inbound in 24 h, oldest waiting, p50/p95 time to first action per queue, 24 h breaches',
    auth: 'console',
    permission: 'queue.read',
    schema: { response: { 200: Envelope(QueueStats), ...consoleErrors } },
  }),
  system: endpoint({
    method: 'GET',
    url: '/admin/safety/system',
    service: 'safety',
    summary: "The SLOs, firing alerts and each instance's health, read from Prometheus's API (issue 29)",
    auth: 'console',
    permission: 'system.read',
    schema: { response: { 200: Envelope(SystemHealth), ...consoleErrors } },
  }),
  person: endpoint({
    method: 'GET',
    url: '/admin/safety/people/:id',
    service: 'safety',
    summary:
      'A person across their characters, by the id of any subject of theirs (a person id is no uuid and stays out of URLs): status, the events on the person and every report about any of them',
    auth: 'console',
    permission: 'queue.read',
    schema: { params: IdParams, response: { 200: Envelope(PersonView), ...consoleErrors } },
  }),
  notices: endpoint({
    method: 'GET',
    url: '/safety/notices',
    service: 'safety',
    summary: "The caller's moderation notices (what, why, until when), newest first",
    auth: 'user',
    whileRestricted: true,
    schema: { response: { 200: Envelope(Type.Array(Notice)), ...userErrors } },
  }),
  appeal: endpoint({
    method: 'POST',
    url: '/safety/notices/:id/appeal',
    service: 'safety',
    summary: 'Appeal a notice once, within 20 days (≤ 2,000 characters); the appeal enters the queue',
    auth: 'user',
    whileRestricted: true,
    schema: { params: IdParams, body: AppealBody, response: { 200: Envelope(Received), ...userErrors } },
  }),
  contact: endpoint({
    method: 'POST',
    url: '/safety/contact',
    service: 'safety',
    summary: 'お問い合わせ: a contact ticket in the moderation queue',
    auth: 'user',
    whileRestricted: true,
    schema: { body: ContactBody, response: { 200: Envelope(Received), ...userErrors } },
  }),
  callReport: endpoint({
    method: 'POST',
    url: '/safety/rooms/:id/call_report',
    service: 'safety',
    summary: "Report the other side from inside a live call in this room (queued first, as a live call's report)",
    auth: 'user',
    schema: { params: IdParams, body: CallReportBody, response: { 200: Envelope(Received), ...userErrors } },
  }),
} as const;

export type Report = Static<typeof Report>;
export type ModerationEvent = Static<typeof ModerationEvent>;
export type SubjectStatus = Static<typeof SubjectStatus>;
export type Notice = Static<typeof Notice>;
export type QueueStats = Static<typeof QueueStats>;
export type PersonView = Static<typeof PersonView>;
export type SubjectView = Static<typeof SubjectView>;
export type EvidenceItem = Static<typeof EvidenceItem>;
export type ActionBody = Static<typeof ActionBody>;
export type Approval = Static<typeof Approval>;
export type RefundResult = Static<typeof RefundResult>;
export type PersonPoints = Static<typeof PersonPoints>;
export type FilterEntry = Static<typeof FilterEntry>;
export type FilterEntryBody = Static<typeof FilterEntryBody>;
export type FilterLists = Static<typeof FilterLists>;
export type FilterTryResult = Static<typeof FilterTryResult>;
export type FilterEntryKind = (typeof FILTER_ENTRY_KINDS)[number];
export type FilterEntryAction = (typeof FILTER_ENTRY_ACTIONS)[number];
