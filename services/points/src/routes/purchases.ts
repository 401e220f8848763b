import { pointsEndpoints } from '@honne/contracts/points';
import { ok, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { receivePurchase } from '../ledger/purchase.ts';

export function purchaseRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The provider signs the exact bytes it sent: in this scope JSON stays text for the check.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    route(scope, ctx, pointsEndpoints.purchaseWebhook, async ({ request }) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers['stripe-signature'];
      return ok(await receivePurchase(ctx, raw, Array.isArray(signature) ? signature[0] : signature));
    });
  });
}
