import { ageEndpoints } from '@honne/contracts/age';
import { ok, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import {
  ageAssuranceOf,
  agePolicy,
  ageReviewImage,
  ageReviews,
  decideAge,
  setAgeFeatures,
  setAgePolicy,
  uploadAgeDocument,
} from '../moderation/age.ts';
import { consoleRoute } from './console.ts';

/** Age assurance (ADR 0031): the app's 年齢確認 and the console's review of ID photos. */
export function ageRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, ageEndpoints.ageAssurance, async ({ caller }) => ok(await ageAssuranceOf(ctx, caller.userId)));

  route(app, ctx, ageEndpoints.uploadAgeDocument, async ({ caller, body }) =>
    ok(await uploadAgeDocument(ctx, caller.userId, body.image)),
  );

  consoleRoute(app, ctx, ageEndpoints.ageReviews, async () => ok(await ageReviews(ctx)));

  consoleRoute(app, ctx, ageEndpoints.ageReviewImage, async ({ params, by }) =>
    ok(await ageReviewImage(ctx, by, params.id)),
  );

  consoleRoute(app, ctx, ageEndpoints.approveAgeReview, async ({ params, by }) =>
    ok(await decideAge(ctx, by, params.id, true, null)),
  );

  consoleRoute(app, ctx, ageEndpoints.rejectAgeReview, async ({ params, body, by }) =>
    ok(await decideAge(ctx, by, params.id, false, body.reason.trim())),
  );

  consoleRoute(app, ctx, ageEndpoints.agePolicy, async () => ok(await agePolicy(ctx)));

  consoleRoute(app, ctx, ageEndpoints.setAgePolicy, async ({ body, by }) => ok(await setAgePolicy(ctx, by, body)));

  consoleRoute(app, ctx, ageEndpoints.setAgeFeatures, async ({ body, by }) => ok(await setAgeFeatures(ctx, by, body)));
}
