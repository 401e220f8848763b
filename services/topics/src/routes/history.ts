import { topicsEndpoints, type HistoryItem, type Reply } from '@honne/contracts/topics';
import { forbidden, notFound, ok, route, isUuid } from '@honne/service-kit';
import { messages } from '@honne/contracts/messages';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { listHistory, listReplies, markReplied, updateLatest } from '../db/repos/history.ts';
import { findLive, findLiveMany } from '../db/repos/topics.ts';
import { findCards } from '../db/repos/users.ts';
import { roomPreviews } from '../events/chat-previews.ts';
import { decodeCursor, nextCursor } from '../domain/cursor.ts';
import { timestamp, topicView, userCard } from '../domain/views.ts';
import { pageSize } from '../domain/gate.ts';

export function historyRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Only ever the caller's own entries: the query is keyed by the caller, never by a parameter.
  route(app, ctx, topicsEndpoints.history, async ({ query, caller }) => {
    const now = ctx.clock.now();
    const rows = await listHistory(
      ctx.db,
      caller.userId,
      query.type ?? 0,
      now,
      decodeCursor(query.last_doc_id),
      pageSize(query.per_page),
    );
    const topics = await findLiveMany(
      ctx.db,
      rows.map((r) => r.topic_id),
      now,
    );
    const { cards, previews } = await cardsAndPreviews(
      ctx,
      caller.userId,
      rows.map((r) => ({ userId: r.partner_id, roomId: r.room_id })),
    );
    const items: HistoryItem[] = [];
    for (const r of rows) {
      const topic = topics.get(r.topic_id);
      if (!topic) continue;
      const view = topicView(topic, caller.userId);
      const preview = previews.get(r.room_id);
      items.push({
        id: r.id,
        room_id: r.room_id,
        type: r.type,
        topic: view,
        topic_creator: view.user,
        user: userCard(r.partner_id, cards.get(r.partner_id), r.partner_anonymous, false),
        room: { id: r.room_id },
        latest_message: preview ? preview.latestMessage : r.latest_message,
        unread_count: preview?.unreadCount ?? 0,
        expire_at: timestamp(new Date(r.expire_at)),
        updated_at: new Date(r.updated_at).toISOString(),
      });
    }
    return ok(
      items,
      nextCursor(rows, (r) => new Date(r.updated_at)),
    );
  });

  route(app, ctx, topicsEndpoints.updateHistory, async ({ body, caller }) => {
    const message = body.latest_message?.trim() ? body.latest_message : null;
    const updated = await updateLatest(ctx.db, caller.userId, body.room_id, message, ctx.clock.now());
    if (updated === 0) throw notFound();
    // The opener writing in the room is a reply on the voice (chat.room.replied says the same).
    if (message) await markReplied(ctx.db, body.room_id, caller.userId);
    return ok({ room_id: body.room_id, updated });
  });

  route(app, ctx, topicsEndpoints.replyList, async ({ params, query, caller }) => {
    const topic = isUuid(params.id) ? await findLive(ctx.db, params.id, ctx.clock.now()) : undefined;
    if (!topic) throw notFound(messages.voiceGone);
    if (topic.user_id !== caller.userId) throw forbidden();
    const rows = await listReplies(
      ctx.db,
      topic,
      query.type === '1',
      decodeCursor(query.last_doc_id),
      pageSize(query.per_page),
    );
    const { cards, previews } = await cardsAndPreviews(
      ctx,
      caller.userId,
      rows.map((r) => ({ userId: r.user_id, roomId: r.room_id })),
    );
    const view = topicView(topic, caller.userId);
    const items: Reply[] = rows.map((r) => ({
      id: r.id,
      user_id: r.is_anonymous ? null : r.user_id,
      topic_id: r.topic_id,
      room_id: r.room_id,
      is_anonymous: r.is_anonymous,
      anonymous: r.is_anonymous,
      is_replied: r.is_replied,
      user: userCard(r.user_id, cards.get(r.user_id), r.is_anonymous, false),
      topic: view,
      latest_message: previews.get(r.room_id)?.latestMessage ?? null,
      unread_count: previews.get(r.room_id)?.unreadCount ?? 0,
      created_at: new Date(r.created_at).toISOString(),
    }));
    return ok(
      items,
      nextCursor(rows, (r) => new Date(r.created_at)),
    );
  });
}

/** The other side's card and the room's latest message and unread count, for each row of a page. */
async function cardsAndPreviews(ctx: AppContext, callerId: string, rows: { userId: string; roomId: string }[]) {
  const [cards, previews] = await Promise.all([
    findCards(
      ctx.db,
      rows.map((r) => r.userId),
    ),
    roomPreviews(
      ctx,
      callerId,
      rows.map((r) => r.roomId),
    ),
  ]);
  return { cards, previews };
}
