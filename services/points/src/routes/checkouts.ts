import { pointsEndpoints } from '@honne/contracts/points';
import { ok, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { openCheckout, payTestCheckout, readCheckout } from '../ledger/checkout.ts';

/** Buying points from the app: open a checkout, read whether it was credited, pay a test one. */
export function checkoutRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, pointsEndpoints.createCheckout, async ({ caller, body, request }) => {
    const origin = request.headers.origin;
    const valid = typeof origin === 'string' && /^https?:\/\/[^/]+$/.test(origin) ? origin : undefined;
    return ok(await openCheckout(ctx, caller.userId, body.pack, valid));
  });
  route(app, ctx, pointsEndpoints.checkout, async ({ caller, params }) =>
    ok(await readCheckout(ctx, caller.userId, params.id)),
  );
  route(app, ctx, pointsEndpoints.payTestCheckout, async ({ caller, params }) =>
    ok(await payTestCheckout(ctx, caller.userId, params.id)),
  );
}
