import { randomUUID } from 'node:crypto';

import {
  AGE_FEATURES,
  AGE_MESSAGES,
  AGE_STATES,
  agePolicyFeatures,
  DEFAULT_AGE_POLICY,
  type AgeAssurance,
  type AgeFeaturePolicy,
  type AgePolicy,
  type AgePolicyBody,
  type AgePolicyView,
  type AgeReview,
  type AgeReviewImage,
} from '@honne/contracts/age';
import { events } from '@honne/contracts/events';
import { AppError, enqueueEvent, fieldErrors, notFound, putForRow, sweepObjectDeletions } from '@honne/service-kit';
import type { Kysely, Transaction } from 'kysely';

import type { AppContext } from '../context.ts';
import {
  ageIdsOf,
  decideAgeReview,
  findAgeReview,
  hasApprovedReview,
  insertAgeReview,
  latestReviewOf,
  listAgeReviews,
  publishedAgeState,
  readAgePolicy,
  recordAgeState,
  writeAgePolicy,
} from '../db/repos/age-reviews.ts';
import { appendAudit } from '../db/repos/audit.ts';
import { charactersOf, findCharacter } from '../db/repos/people.ts';
import type { SafetyDb } from '../db/schema/index.ts';
import { ageStateOf, decodeDocument, imageTypeOf } from '../domain/age.ts';
import { safetyRelay } from '../events/outbox.ts';

type Db = Kysely<SafetyDb> | Transaction<SafetyDb>;

const personOf = async (ctx: AppContext, userId: string) => (await findCharacter(ctx.db, userId))?.person_id ?? userId;

const stateNow = async (db: Db, personId: string) =>
  ageStateOf(await ageIdsOf(db, personId), await hasApprovedReview(db, personId));

/** What the app shows under 年齢確認: the state and the last review's outcome. */
export async function ageAssuranceOf(ctx: AppContext, userId: string): Promise<AgeAssurance> {
  const person = await personOf(ctx, userId);
  const review = await latestReviewOf(ctx.db, person);
  return {
    state: await stateNow(ctx.db, person),
    review: review?.status ?? 'none',
    reason: review?.status === 'rejected' ? review.reason : null,
  };
}

/**
 * Publishes the person's state when it differs from the one last published (in `trx`, through the
 * outbox): after a decision, and after a character's age group changed.
 */
async function publishIfChanged(trx: Transaction<SafetyDb>, personId: string, now: Date): Promise<boolean> {
  const state = await stateNow(trx, personId);
  if ((await publishedAgeState(trx, personId)) === state) return false;
  await recordAgeState(trx, personId, state, now);
  const userIds = await charactersOf(trx as unknown as Kysely<SafetyDb>, personId);
  const eventId = randomUUID();
  await enqueueEvent(
    trx,
    events.personAgeState,
    `${events.personAgeState.subject}:${eventId}`,
    { event_id: eventId, person_id: personId, user_ids: userIds, state, at: now.toISOString() },
    now,
  );
  return true;
}

/** A character's card changed (accounts' profile event): the person's state may have too. */
export async function onCardChanged(ctx: AppContext, personId: string): Promise<void> {
  const now = ctx.clock.now();
  const published = await ctx.db.transaction().execute((trx) => publishIfChanged(trx, personId, now));
  if (published) await safetyRelay(ctx).now();
}

/** The user's ID photo: checked by its bytes, kept until an operator decides, queued for review. */
export async function uploadAgeDocument(ctx: AppContext, userId: string, image: string): Promise<AgeAssurance> {
  const bytes = decodeDocument(image);
  if (bytes === 'too_large') throw fieldErrors({ image: AGE_MESSAGES.imageTooLarge });
  const contentType = bytes === 'invalid' ? undefined : imageTypeOf(bytes);
  if (bytes === 'invalid' || !contentType) throw fieldErrors({ image: AGE_MESSAGES.imageInvalid });
  const person = await personOf(ctx, userId);
  const current = await ageAssuranceOf(ctx, userId);
  if (current.state === 'minor') throw new AppError(403, 'minor', AGE_MESSAGES.minor);
  if (current.state === 'verified_adult') throw new AppError(409, 'already_verified', AGE_MESSAGES.alreadyVerified);
  if (current.review === 'pending') throw new AppError(409, 'already_pending', AGE_MESSAGES.alreadyPending);
  const id = randomUUID();
  const object = ctx.objects ? { key: `age/${id}`, bytes, contentType } : undefined;
  await putForRow(ctx, ctx.db, object, (db) =>
    insertAgeReview(db, {
      id,
      person_id: person,
      user_id: userId,
      status: 'pending',
      reason: null,
      content_type: contentType,
      bytes: object ? null : bytes,
      object_key: object?.key ?? null,
      created_at: ctx.clock.now(),
      decided_at: null,
      decided_by: null,
    }),
  );
  return ageAssuranceOf(ctx, userId);
}

type Listed = Awaited<ReturnType<typeof listAgeReviews>>[number];
const reviewView = (r: Listed): AgeReview => ({
  id: r.id,
  person_id: r.person_id,
  user_id: r.user_id,
  status: r.status,
  reason: r.reason,
  has_image: r.object_key !== null || (r.bytes !== null && r.bytes.length > 0),
  created_at: r.created_at.toISOString(),
  decided_at: r.decided_at?.toISOString() ?? null,
  decided_by: r.decided_by,
});

export const ageReviews = async (ctx: AppContext): Promise<AgeReview[]> =>
  (await listAgeReviews(ctx.db, 50)).map(reviewView);

/** The photo of a pending review, for an operator; every read is audited. Gone (404) once decided. */
export async function ageReviewImage(ctx: AppContext, by: string, id: string): Promise<AgeReviewImage> {
  const review = await findAgeReview(ctx.db, id);
  if (!review || review.status !== 'pending') throw notFound();
  const bytes = review.object_key ? await ctx.objects?.get(review.object_key) : review.bytes;
  if (!bytes || bytes.length === 0) throw notFound();
  await appendAudit(ctx.db, {
    actor: by,
    action: 'age_review.image_read',
    target: id,
    detail: { person_id: review.person_id },
    at: ctx.clock.now(),
  });
  // PGlite answers bytea as a Uint8Array, node-postgres as a Buffer.
  return { content_type: review.content_type, data: Buffer.from(bytes).toString('base64') };
}

/**
 * Approves (the person becomes a verified adult) or rejects (with the reason the user sees) a
 * pending review. The photo is dropped in the same statement; an object in the store is removed
 * right after the commit (and by the sweeper should the store be away). Audited.
 */
export async function decideAge(
  ctx: AppContext,
  by: string,
  id: string,
  approve: boolean,
  reason: string | null,
): Promise<AgeReview> {
  const now = ctx.clock.now();
  const decided = await ctx.db.transaction().execute(async (trx) => {
    const row = await decideAgeReview(trx, id, {
      status: approve ? 'approved' : 'rejected',
      reason: approve ? null : reason,
      by,
      at: now,
    });
    if (!row) {
      if (!(await findAgeReview(trx, id))) throw notFound();
      throw new AppError(409, 'not_pending', AGE_MESSAGES.notPending);
    }
    await appendAudit(trx, {
      actor: by,
      action: approve ? 'age_review.approve' : 'age_review.reject',
      target: id,
      detail: { person_id: row.person_id, reason },
      at: now,
    });
    await publishIfChanged(trx, row.person_id, now);
    return row;
  });
  await sweepObjectDeletions(ctx.db, ctx.objects);
  await safetyRelay(ctx).now();
  return reviewView(decided);
}

/** The policy as operators last set it, or the default; a feature never set stays open to all. */
export async function agePolicy(ctx: AppContext): Promise<AgePolicyView> {
  const row = await readAgePolicy(ctx.db);
  return row
    ? {
        policy: {
          contact_pairs: JSON.parse(row.contact_pairs) as AgePolicy['contact_pairs'],
          features: agePolicyFeatures(row.features),
        },
        updated_by: row.updated_by,
        updated_at: row.updated_at.toISOString(),
      }
    : { policy: DEFAULT_AGE_POLICY, updated_by: null, updated_at: null };
}

/**
 * Sets the contact policy (ADR 0031): pairs sorted and deduplicated; a pair with a minor is
 * refused, whatever the console sends. The features stay as they are.
 */
export async function setAgePolicy(ctx: AppContext, by: string, body: AgePolicyBody): Promise<AgePolicyView> {
  if (body.contact_pairs.some((p) => p.includes('minor'))) {
    throw fieldErrors({ contact_pairs: AGE_MESSAGES.policyMinor });
  }
  const pairs = [...new Set(body.contact_pairs.map((p) => [...p].sort().join('+')))]
    .sort()
    .map((k) => k.split('+') as AgePolicy['contact_pairs'][number]);
  const { features } = (await agePolicy(ctx)).policy;
  return savePolicy(ctx, by, { contact_pairs: pairs, features }, 'age_policy.set', { contact_pairs: pairs });
}

/**
 * Sets which states may use each feature (ADR 0038; admins): each feature's states deduplicated, in
 * the order of AGE_STATES. The contact pairs stay as they are.
 */
export async function setAgeFeatures(ctx: AppContext, by: string, given: AgeFeaturePolicy): Promise<AgePolicyView> {
  const features = Object.fromEntries(
    AGE_FEATURES.map((f) => [f, AGE_STATES.filter((s) => given[f].includes(s))]),
  ) as AgeFeaturePolicy;
  const { contact_pairs } = (await agePolicy(ctx)).policy;
  return savePolicy(ctx, by, { contact_pairs, features }, 'age_features.set', { features });
}

/** Stores the whole policy, audits the change and publishes the policy (outbox) in one transaction. */
async function savePolicy(
  ctx: AppContext,
  by: string,
  policy: AgePolicy,
  action: string,
  detail: Record<string, unknown>,
): Promise<AgePolicyView> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await writeAgePolicy(trx, JSON.stringify(policy.contact_pairs), JSON.stringify(policy.features), by, now);
    await appendAudit(trx, { actor: by, action, target: null, detail, at: now });
    const eventId = randomUUID();
    await enqueueEvent(
      trx,
      events.agePolicyChanged,
      `${events.agePolicyChanged.subject}:${eventId}`,
      { event_id: eventId, contact_pairs: policy.contact_pairs, features: policy.features, at: now.toISOString() },
      now,
    );
  });
  await safetyRelay(ctx).now();
  return agePolicy(ctx);
}
