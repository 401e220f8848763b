import { pointsEndpoints } from '@honne/contracts/points';
import { ok, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { sendCoin } from '../gifts/send-coin.ts';

export function giftRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, pointsEndpoints.sendCoin, async ({ caller, body }) => ok(await sendCoin(ctx, caller, body)));
}
