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
export const AgePolicy = Type.Object({
  /** Each pair two states (an array of two: the response serialiser takes no tuples). */
  contact_pairs: Type.Array(Type.Array(AgeStateSchema, { minItems: 2, maxItems: 2 }), { maxItems: 6 }),
});
export type AgePolicy = Static<typeof AgePolicy>;

/** The default: verified adults with each other, nobody else. */
export const DEFAULT_AGE_POLICY: AgePolicy = { contact_pairs: [['verified_adult', 'verified_adult']] };

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
    summary: 'The age-assurance policy: between which states contact details may pass in 1:1 chats',
    auth: 'console',
    permission: 'filters.read',
    schema: { response: { 200: Envelope(AgePolicyView), ...consoleErrors } },
  }),
  setAgePolicy: endpoint({
    method: 'PUT',
    url: '/admin/safety/age_policy',
    service: 'safety',
    summary: 'Change the age-assurance policy; chat applies it within a relay (audited)',
    auth: 'console',
    permission: 'filters.edit',
    schema: { body: AgePolicy, response: { 200: Envelope(AgePolicyView), ...consoleErrors } },
  }),
} as const;
