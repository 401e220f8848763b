import { chatEndpoints } from '@honne/contracts/chat';
import { isTruthyStatus } from '@honne/contracts';
import { ok, route, type Caller } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { answerBonus, bonusStatus, requestBonus } from '../domain/bonus.ts';
import {
  blockRoomPartner,
  markReplyGiven,
  openRoom,
  rateRoom,
  readRoom,
  readRooms,
  reportRoom,
  roomOf,
  unreadSummary,
  viewRoom,
} from '../domain/rooms.ts';

export function roomRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, chatEndpoints.createRoom, async ({ body, caller }) => ok(await openRoom(ctx, caller, body)));

  route(app, ctx, chatEndpoints.createRoom3, async ({ body, caller }) =>
    ok(await openRoom(ctx, caller, { ...body, room_id: body.id ?? null })),
  );

  route(app, ctx, chatEndpoints.unread, async ({ caller }) => ok(await unreadSummary(ctx, caller.userId)));

  const updateUnread = async ({ body, caller }: { body: { unread?: number; room_id?: string }; caller: Caller }) =>
    ok(await readRooms(ctx, caller, body));
  route(app, ctx, chatEndpoints.updateUnread, updateUnread);
  // The spec's path: the gateway sends PUT /users/unread here once its routes table names it.
  route(app, ctx, { ...chatEndpoints.updateUnread, url: '/users/unread' }, updateUnread);

  route(app, ctx, chatEndpoints.room, async ({ params, caller }) =>
    ok(await viewRoom(ctx, await roomOf(ctx, params.id, caller), caller.userId)),
  );

  route(app, ctx, chatEndpoints.replied, async ({ params, caller }) =>
    ok(await markReplyGiven(ctx, await roomOf(ctx, params.id, caller), caller.userId)),
  );

  route(app, ctx, chatEndpoints.showBonusStatus, async ({ params, caller }) =>
    ok(bonusStatus(await roomOf(ctx, params.id, caller))),
  );

  route(app, ctx, chatEndpoints.bonusChat, async ({ params, caller }) =>
    ok(await requestBonus(ctx, await roomOf(ctx, params.id, caller), caller.userId)),
  );

  route(app, ctx, chatEndpoints.confirmBonusChat, async ({ params, body, caller }) =>
    ok(await answerBonus(ctx, await roomOf(ctx, params.id, caller), caller.userId, isTruthyStatus(body.status))),
  );

  route(app, ctx, chatEndpoints.read, async ({ params, body, caller }) => {
    const room = await roomOf(ctx, params.id, caller);
    return ok(await readRoom(ctx, room, caller.userId, body?.message_id));
  });

  route(app, ctx, chatEndpoints.report, async ({ params, body, caller }) =>
    ok(await reportRoom(ctx, await roomOf(ctx, params.id, caller), caller.userId, body)),
  );

  route(app, ctx, chatEndpoints.rate, async ({ params, body, caller }) =>
    ok(await rateRoom(ctx, await roomOf(ctx, params.id, caller), caller.userId, body)),
  );

  route(app, ctx, chatEndpoints.blockRoom, async ({ params, caller }) =>
    ok(await blockRoomPartner(ctx, await roomOf(ctx, params.id, caller), caller.userId, true)),
  );
  route(app, ctx, chatEndpoints.unblockRoom, async ({ params, caller }) =>
    ok(await blockRoomPartner(ctx, await roomOf(ctx, params.id, caller), caller.userId, false)),
  );
}
