import { Type, type Static } from '@sinclair/typebox';

import { endpoint, Envelope, ErrorEnvelope, IdParams, Nullable } from './common.ts';

// Age assurance (issue 28, ADR 0031): a state per person (the parent account; its characters share
// it), kept by the moderation service beside the operators who decide it, and published on the bus
// (`safety.person.age_state`) to every service that acts on it.

/**
 * `minor`: any character of the person declares the age group 10代 (a self-declared minor is a
 * minor; a document never overrides it — the safe side). `verified_adult`: an operator approved an
 * ID document. `self_declared_adult`: everyone else (an adult age group, or none declared yet).
 */
export const AGE_STATES = ['minor', 'self_declared_adult', 'verified_adult'] as const;
export type AgeState = (typeof AGE_STATES)[number];

/** The profile's age group 10代 (the first row of the age reference). */
export const MINOR_AGE_ID = 1;

export const AGE_LIMITS = {
  /** An ID photo: enough for a phone's camera at full size, small enough to review. */
  documentMaxBytes: 5 * 1024 * 1024,
  reasonMax: 200,
} as const;

const AgeStateSchema = Type.Union(AGE_STATES.map((s) => Type.Literal(s)));

/**
 * The age-assurance policy operators keep in the console (ADR 0031): the pairs of states between
 * whom contact details (phone, e-mail, SNS IDs, URLs, plans to meet: `findContacts`) pass in a 1:1
 * chat. Order within a pair does not matter. A pair with a minor is never allowed (refused on save).
 */
const ContactPairs = Type.Array(Type.Array(AgeStateSchema, { minItems: 2, maxItems: 2 }), { maxItems: 6 });

/**
 * The features operators may reserve for some states (ADR 0038): where the product lets someone
 * pay, be paid, talk by voice or hide who they are. `calls`: ringing someone (1:1 voice calls);
 * `paid_calls`: a priced call (posting a voice with a call price, paying for or asking to charge a
 * call); `paid_chats`: a priced chat (posting a voice with a chat price, asking for or paying a chat
 * bonus); `anonymous`: posting or answering anonymously.
 */
export const AGE_FEATURES = ['calls', 'paid_calls', 'paid_chats', 'anonymous'] as const;
export type AgeFeature = (typeof AGE_FEATURES)[number];

/** How the console and the refusal name each feature. */
export const AGE_FEATURE_LABELS: Record<AgeFeature, string> = {
  calls: '通話',
  paid_calls: '有料通話',
  paid_chats: '有料チャット',
  anonymous: '匿名での投稿・回答',
};

const StatesAllowed = Type.Array(AgeStateSchema, { maxItems: AGE_STATES.length });
/** Per feature, the states that may use it. */
export const AgeFeaturePolicy = Type.Object({
  calls: StatesAllowed,
  paid_calls: StatesAllowed,
  paid_chats: StatesAllowed,
  anonymous: StatesAllowed,
});
export type AgeFeaturePolicy = Static<typeof AgeFeaturePolicy>;

export const AgePolicy = Type.Object({
  /** Each pair two states (an array of two: the response serialiser takes no tuples). */
  contact_pairs: ContactPairs,
  features: AgeFeaturePolicy,
});
export type AgePolicy = Static<typeof AgePolicy>;

/**
 * What the contact policy's editors (moderators) send; the features are set apart, by admins
 * (`setAgeFeatures`), and stay as they are.
 */
export const AgePolicyBody = Type.Object({ contact_pairs: ContactPairs });
export type AgePolicyBody = Static<typeof AgePolicyBody>;

/** Every feature open to every state: what the product did before ADR 0038. */
export const DEFAULT_AGE_FEATURES: AgeFeaturePolicy = {
  calls: [...AGE_STATES],
  paid_calls: [...AGE_STATES],
  paid_chats: [...AGE_STATES],
  anonymous: [...AGE_STATES],
};

/** The default: contact details between verified adults only; every feature open to all. */
export const DEFAULT_AGE_POLICY: AgePolicy = {
  contact_pairs: [['verified_adult', 'verified_adult']],
  features: DEFAULT_AGE_FEATURES,
};

/** A stored feature policy (JSON, or null before any): a feature it does not name stays open to all. */
export const agePolicyFeatures = (json: string | null): AgeFeaturePolicy => ({
  ...DEFAULT_AGE_FEATURES,
  ...(json ? (JSON.parse(json) as Partial<AgeFeaturePolicy>) : {}),
});

/** Whether the policy lets someone in this state use the feature. */
export const featureAllowed = (
  state: AgeState,
  feature: AgeFeature,
  features: AgeFeaturePolicy = DEFAULT_AGE_FEATURES,
): boolean => features[feature].includes(state);

/** The 403 a gated feature answers (ADR 0038), saying where to verify. */
export const AGE_FEATURE_REFUSAL = 'age_verification_required';
export const ageFeatureMessage = (feature: AgeFeature, state: AgeState): string =>
  state === 'minor'
    ? `${AGE_FEATURE_LABELS[feature]}は18歳未満の方はご利用いただけません。`
    : `${AGE_FEATURE_LABELS[feature]}には年齢確認が必要です。設定 → 年齢確認 から手続きしてください。`;

/** Whether the policy lets two people in these states swap contact details in a 1:1 chat. */
export function contactAllowed(a: AgeState, b: AgeState, policy: AgePolicy = DEFAULT_AGE_POLICY): boolean {
  if (a === 'minor' || b === 'minor') return false;
  return policy.contact_pairs.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}

export const AgePolicyView = Type.Object({
  policy: AgePolicy,
  updated_by: Nullable(Type.String()),
  updated_at: Nullable(Type.String()),
});
export type AgePolicyView = Static<typeof AgePolicyView>;

/** What the app shows of the person's last review: none yet, waiting, approved, or rejected with the reason. */
export const AgeReviewStatus = Type.Union([
  Type.Literal('none'),
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
]);
export type AgeReviewStatus = Static<typeof AgeReviewStatus>;

export const AgeAssurance = Type.Object({
  state: AgeStateSchema,
  review: AgeReviewStatus,
  /** The operator's reason when rejected. */
  reason: Nullable(Type.String()),
});
export type AgeAssurance = Static<typeof AgeAssurance>;

export const AgeDocumentBody = Type.Object({
  /** The ID photo, base64 (a data: URL prefix is accepted); JPEG, PNG or WebP by its bytes. */
  /** Twice the limit as base64: a photo just over it is answered with the size message, not a schema error. */
  image: Type.String({ maxLength: AGE_LIMITS.documentMaxBytes * 2 }),
});

export const AgeReview = Type.Object({
  id: Type.String(),
  person_id: Type.String(),
  user_id: Type.String(),
  status: AgeReviewStatus,
  reason: Nullable(Type.String()),
  /** Whether the image is still kept (only while pending: it is deleted when decided). */
  has_image: Type.Boolean(),
  created_at: Type.String(),
  decided_at: Nullable(Type.String()),
  decided_by: Nullable(Type.String()),
});
export type AgeReview = Static<typeof AgeReview>;

export const AgeReviewImage = Type.Object({ content_type: Type.String(), data: Type.String() });
export type AgeReviewImage = Static<typeof AgeReviewImage>;

export const AgeRejectBody = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: AGE_LIMITS.reasonMax }),
});

export const AGE_MESSAGES = {
  imageInvalid: '画像はJPEG・PNG・WebPでアップロードしてください。',
  imageTooLarge: `画像は${AGE_LIMITS.documentMaxBytes / 1024 / 1024}MB以下にしてください。`,
  alreadyPending: '確認中の書類があります。結果をお待ちください。',
  alreadyVerified: '年齢確認は済んでいます。',
  minor: '18歳未満の方は年齢確認の対象外です。',
  notPending: 'この審査はすでに終わっています。',
  policyMinor: '18歳未満の方を含む組み合わせでは、連絡先の交換を許可できません。',
} as const;

const userErrors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const consoleErrors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

export const ageEndpoints = {
  ageAssurance: endpoint({
    method: 'GET',
    url: '/safety/age_assurance',
    service: 'safety',
    summary: "The caller's age-assurance state and their last document review (年齢確認)",
    auth: 'user',
    schema: { response: { 200: Envelope(AgeAssurance), ...userErrors } },
  }),
  uploadAgeDocument: endpoint({
    method: 'POST',
    url: '/safety/age_assurance/document',
    service: 'safety',
    summary: 'Upload an ID photo for an operator to verify 18+; the image is deleted once reviewed',
    auth: 'user',
    schema: { body: AgeDocumentBody, response: { 200: Envelope(AgeAssurance), ...userErrors } },
  }),
  ageReviews: endpoint({
    method: 'GET',
    url: '/admin/safety/age_reviews',
    service: 'safety',
    summary: 'Age reviews: pending first (oldest first), then the latest decided',
    auth: 'console',
    permission: 'queue.read',
    schema: { response: { 200: Envelope(Type.Array(AgeReview)), ...consoleErrors } },
  }),
  ageReviewImage: endpoint({
    method: 'GET',
    url: '/admin/safety/age_reviews/:id/image',
    service: 'safety',
    summary: "A pending review's ID photo (every read is in the audit log; 404 once decided)",
    auth: 'console',
    permission: 'evidence.read',
    schema: { params: IdParams, response: { 200: Envelope(AgeReviewImage), ...consoleErrors } },
  }),
  approveAgeReview: endpoint({
    method: 'POST',
    url: '/admin/safety/age_reviews/:id/approve',
    service: 'safety',
    summary: 'Approve: the person becomes a verified adult; the image is deleted (audited)',
    auth: 'console',
    permission: 'action.moderate',
    schema: { params: IdParams, response: { 200: Envelope(AgeReview), ...consoleErrors } },
  }),
  rejectAgeReview: endpoint({
    method: 'POST',
    url: '/admin/safety/age_reviews/:id/reject',
    service: 'safety',
    summary: 'Reject with a reason the user sees; the image is deleted (audited)',
    auth: 'console',
    permission: 'action.moderate',
    schema: { params: IdParams, body: AgeRejectBody, response: { 200: Envelope(AgeReview), ...consoleErrors } },
  }),
  agePolicy: endpoint({
    method: 'GET',
    url: '/admin/safety/age_policy',
    service: 'safety',
    summary: 'The age-assurance policy: contact exchange between states, and which states may use each feature',
    auth: 'console',
    permission: 'filters.read',
    schema: { response: { 200: Envelope(AgePolicyView), ...consoleErrors } },
  }),
  setAgePolicy: endpoint({
    method: 'PUT',
    url: '/admin/safety/age_policy',
    service: 'safety',
    summary: 'Change the age-assurance policy; chat, calls and topics apply it within a relay (audited)',
    auth: 'console',
    permission: 'filters.edit',
    schema: { body: AgePolicyBody, response: { 200: Envelope(AgePolicyView), ...consoleErrors } },
  }),
  setAgeFeatures: endpoint({
    method: 'PUT',
    url: '/admin/safety/age_policy/features',
    service: 'safety',
    summary: 'Which age states may use each feature (calls, paid calls and chats, anonymity); admins only (audited)',
    auth: 'console',
    permission: 'age_features.edit',
    schema: { body: AgeFeaturePolicy, response: { 200: Envelope(AgePolicyView), ...consoleErrors } },
  }),
} as const;
