import { callsEndpoints, isTruthyStatus } from '@honne/contracts/calls';
import { messages } from '@honne/contracts/messages';
import { fieldErrors, ok, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { answerCall, currentCall, reportMedia, startCall } from '../flow/calls.ts';
import { confirmCharge, requestCharge } from '../flow/charge.ts';
import { liveKitToken, liveKitWebhook } from '../flow/livekit.ts';
import { payerAlive } from '../flow/paid-ping.ts';
import { relaySignal } from '../flow/signal.ts';

export function callRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, callsEndpoints.current, async ({ caller }) => ok(await currentCall(ctx, caller)));
  route(app, ctx, callsEndpoints.startCall, async ({ caller, params, body }) =>
    ok(await startCall(ctx, caller, params.id, { confirmed: body.confirm_price === true, canAsk: true })),
  );
  route(app, ctx, callsEndpoints.roomCall, async ({ caller, params, query }) => {
    // Without `user_id` a read (what a reconnecting client restores). With it, the spec's client
    // places the call: safe to repeat, so while this caller's call in the room is live it is
    // answered as it stands instead of ringing again.
    if (query.user_id === undefined) return ok(await currentCall(ctx, caller, params.id));
    const live = await currentCall(ctx, caller, params.id);
    // The spec's client cannot confirm a price here: a charge-from-start call waits for the payer's
    // in-call approval instead (chargingAtStart, ADR 0024).
    return ok(
      live?.role === 'caller' ? live : await startCall(ctx, caller, params.id, { confirmed: false, canAsk: false }),
    );
  });
  route(app, ctx, callsEndpoints.answer, async ({ caller, params, body }) =>
    ok(await answerCall(ctx, caller, params.id, body.action, body.signal_id, body.sdp)),
  );
  route(app, ctx, callsEndpoints.pingConnect, async ({ caller, params, body }) =>
    ok(await reportMedia(ctx, caller, params.id, body.state ?? 'connected', body.signal_id)),
  );
  route(app, ctx, callsEndpoints.pingOnPaidCall, async ({ caller, params }) =>
    ok(await payerAlive(ctx, caller, params.id)),
  );
  route(app, ctx, callsEndpoints.requestCharge, async ({ caller, params }) =>
    ok(await requestCharge(ctx, caller, params.id)),
  );
  route(app, ctx, callsEndpoints.confirmCharge, async ({ caller, params, body }) => {
    const approve = body.approve ?? (body.status === undefined ? undefined : isTruthyStatus(body.status));
    if (approve === undefined) throw fieldErrors({ approve: messages.invalidInput });
    return ok(await confirmCharge(ctx, caller, params.id, approve, body.spend_cap ?? null));
  });
  route(app, ctx, callsEndpoints.signal, async ({ caller, body }) =>
    ok({ relayed: await relaySignal(ctx, caller, body) }),
  );
  route(app, ctx, callsEndpoints.token, async ({ caller, params }) => ok(await liveKitToken(ctx, caller, params.id)));
  route(app, ctx, callsEndpoints.livekitWebhook, async ({ request }) => {
    const body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body ?? {});
    await liveKitWebhook(ctx, body, request.headers.authorization);
    return ok({ ok: true });
  });
}
