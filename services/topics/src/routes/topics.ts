import { randomUUID } from 'node:crypto';

import { messages } from '@honne/contracts/messages';
import {
  TOPIC_LIMITS,
  areaFilter,
  checkExpireMinutes,
  checkPrice,
  defaultExpireMinutes,
  isPostableArea,
  topicsEndpoints,
  validateTopicText,
} from '@honne/contracts/topics';
import {
  AppError,
  assertMaySpeak,
  checkVoiceFlood,
  assertAgeFeature,
  fieldErrors,
  forbidden,
  notFound,
  ok,
  route,
  isUuid,
  moderatorLook,
  screenText,
} from '@honne/service-kit';
import { validateReport } from '@honne/contracts/friends';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { findThread } from '../db/repos/threads.ts';
import {
  findLive,
  insertTopicReport,
  listLive,
  listMineInThread,
  postTopic,
  recordClick,
  recordHeart,
  setCallable,
} from '../db/repos/topics.ts';
import { findViewerRoom } from '../db/repos/history.ts';
import { findCard } from '../db/repos/users.ts';
import { decodeCursor, nextCursor } from '../domain/cursor.ts';
import { topicView } from '../domain/views.ts';
import { announceCreated, announceRemoved } from '../events/publish.ts';
import { topicsRelay } from '../events/outbox.ts';
import { assertUnlocked, locked, lockedFor, pageSize, visibleTopic } from '../domain/gate.ts';

const gone = () => notFound(messages.voiceGone);

export function topicRoutes(app: FastifyInstance, ctx: AppContext): void {
  const live = async (id: string) => (isUuid(id) ? findLive(ctx.db, id, ctx.clock.now()) : undefined);

  route(app, ctx, topicsEndpoints.createTopic, async ({ params, body, caller }) => {
    const thread = isUuid(params.id) ? await findThread(ctx.db, params.id) : undefined;
    if (!thread) throw notFound();
    await assertUnlocked(ctx, caller.userId, thread.sub_category_id);
    await assertMaySpeak(ctx.db, caller.userId, ctx.clock.now());
    const sub = ctx.reference.subCategory(thread.sub_category_id)!;
    const category = ctx.reference.category(thread.category_id)!;

    const errors = validateTopicText(body);
    if (!body.sub_category_id) errors.sub_category_id = messages.subCategoryRequired;
    else if (body.sub_category_id !== thread.sub_category_id) errors.sub_category_id = messages.invalidChoice;
    if ((body.area_id !== undefined && !isPostableArea(body.area_id)) || !isPostableArea(thread.area_id))
      errors.area_id = messages.regionRequired;
    const expireMinutes = body.expire_after_minute ?? defaultExpireMinutes(sub.topic_expire_after_max_minutes);
    const expireError = checkExpireMinutes(expireMinutes, sub.topic_expire_after_max_minutes);
    if (expireError) errors.expire_after_minute = expireError;
    // The poster's rank comes from the read model of accounts' profile events; unknown means 0.
    const card = await findCard(ctx.db, caller.userId);
    const chatPrice = body.chat_price ?? 0;
    const callPrice = body.call_price ?? 0;
    const chatError = checkPrice(chatPrice, card?.max_point_for_chatting ?? 0);
    if (chatError) errors.chat_price = chatError;
    const callError = checkPrice(callPrice, card?.max_point_for_a_call ?? 0);
    if (callError) errors.call_price = callError;
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
    // Age assurance (ADR 0038): an anonymous or priced voice may be kept from some states.
    if (body.is_anonymous) await assertAgeFeature(ctx.db, caller.userId, 'anonymous');
    if (chatPrice > 0) await assertAgeFeature(ctx.db, caller.userId, 'paid_chats');
    if (callPrice > 0) await assertAgeFeature(ctx.db, caller.userId, 'paid_calls');
    // What strangers will read, screened before it is stored (issue 28): refused words answer 403
    // under their field, masked ones are stored as ＊; the theme's own list applies too. A held
    // voice is stored shown to its poster only and queued for a moderator, a flagged one shown and
    // queued (ADR 0037); the poster sees it posted either way, as chat's writer does.
    const written = {
      title: body.title!.trim(),
      detail: (body.detail ?? '').trim(),
      comment: (body.comment ?? '').trim(),
    };
    const screened = screenText(written, { theme: thread.id, lists: ctx.filterLists, canHold: true });
    // Floods are counted once the voice is valid, before anything is stored (ADR 0037): 429.
    if (ctx.config.voiceFlood) {
      const text = [written.title, written.detail, written.comment].join('\n');
      await checkVoiceFlood(ctx.cache, ctx.config.voiceFlood, { userId: caller.userId, text });
    }
    const text = screened.fields;
    const look = moderatorLook(screened.flagged);

    const now = ctx.clock.now();
    const limit = category.id >= TOPIC_LIMITS.pickerCategoryBelow ? category.topic_max_num : null;
    const outcome = await postTopic(
      ctx.db,
      {
        id: randomUUID(),
        thread_id: thread.id,
        user_id: caller.userId,
        title: text.title,
        detail: text.detail ?? '',
        comment: text.comment ?? '',
        category_id: thread.category_id,
        sub_category_id: thread.sub_category_id,
        area_id: thread.area_id,
        chat_price: chatPrice,
        call_price: callPrice,
        time_call_price: body.time_call_price ?? 1,
        purchase_on_start: body.purchase_on_start ?? false,
        purchase_type: body.purchase_type ?? 0,
        is_callable: body.is_callable ?? true,
        is_anonymous: body.is_anonymous ?? false,
        is_not_free: chatPrice > 0 || callPrice > 0,
        expire_after_minute: expireMinutes,
        expire_at: new Date(now.getTime() + expireMinutes * 60_000),
        created_at: now,
      },
      limit,
      now,
      look && { ...look, text: written },
    );
    if (outcome.limited) throw new AppError(403, 'topic_limit', messages.topicLimit);
    await announceRemoved(ctx, outcome.replaced, 'replaced');
    if (look) await topicsRelay(ctx).now();
    const row = (await findLive(ctx.db, outcome.topic.id, now))!;
    // Nobody else hears of a held voice until it is released (events/held.ts announces it then).
    if (look?.action !== 'hold') await announceCreated(ctx, topicView(row, null), caller.userId);
    return ok(topicView(row, caller.userId));
  });

  route(app, ctx, topicsEndpoints.topics, async ({ query, caller }) => {
    const excluded = await lockedFor(ctx, caller.userId);
    if (query.sub_category_id && excluded.includes(query.sub_category_id)) throw locked();
    if (query.thread_id !== undefined && !isUuid(query.thread_id)) return ok([], null);
    const rows = await listLive(
      ctx.db,
      ctx.clock.now(),
      {
        threadId: query.thread_id,
        areaId: areaFilter(query.area_id),
        categoryId: query.category_id || undefined,
        subCategoryId: query.sub_category_id || undefined,
        gender: query.gender ? String(query.gender) : undefined,
        ageId: query.age_id || undefined,
        presence: query.user_status === 1 || query.user_status === 2 ? query.user_status : undefined,
        excludeSubCategories: excluded,
        viewerId: caller.userId,
      },
      decodeCursor(query.last_doc_id),
      pageSize(query.per_page),
    );
    return ok(
      rows.map((r) => topicView(r, caller.userId)),
      nextCursor(rows, (r) => new Date(r.created_at)),
    );
  });

  route(app, ctx, topicsEndpoints.topic, async ({ params, query, caller }) => {
    const row = await visibleTopic(ctx, caller.userId, params.id);
    const named = query.room_id && isUuid(query.room_id) ? query.room_id : undefined;
    if (query.room_id && !named) return ok(topicView(row, caller.userId));
    const roomId = await findViewerRoom(ctx.db, caller.userId, row.id, named);
    return ok({ ...topicView(row, caller.userId), room: roomId ? { id: roomId } : null, room_id: roomId });
  });

  route(app, ctx, topicsEndpoints.updateTopic, async ({ params, body, caller }) => {
    const row = await live(params.id);
    if (!row) throw gone();
    if (row.user_id !== caller.userId) throw forbidden();
    await setCallable(ctx.db, row.id, body.is_callable);
    return ok(topicView({ ...row, is_callable: body.is_callable }, caller.userId));
  });

  route(app, ctx, topicsEndpoints.updateClick, async ({ body, caller }) => {
    if (body.clickUserId !== undefined && body.clickUserId !== caller.userId) throw forbidden();
    const row = await visibleTopic(ctx, caller.userId, body.threadId);
    // A poster opening their own voice is not a click.
    if (row.user_id === caller.userId) return ok({ topic_id: row.id, click_number: row.click_number, counted: false });
    const result = await recordClick(ctx.db, row.id, caller.userId, ctx.clock.now());
    return ok({ topic_id: row.id, ...result });
  });

  route(app, ctx, topicsEndpoints.heart, async ({ params, caller }) => {
    const row = await visibleTopic(ctx, caller.userId, params.id);
    if (row.user_id === caller.userId) return ok({ topic_id: row.id, heart_number: row.heart_number, counted: false });
    return ok({ topic_id: row.id, ...(await recordHeart(ctx.db, row.id, caller.userId, ctx.clock.now())) });
  });

  route(app, ctx, topicsEndpoints.reportTopic, async ({ params, body, caller }) => {
    const row = await visibleTopic(ctx, caller.userId, params.id);
    if (row.user_id === caller.userId) throw forbidden(messages.cannotReportSelf);
    const errors = validateReport(body.content);
    if (Object.keys(errors).length > 0) throw fieldErrors({ content: errors.report! });
    await insertTopicReport(
      ctx.db,
      {
        topic_id: row.id,
        poster_id: row.user_id,
        reporter_id: caller.userId,
        content: body.content!.trim(),
        created_at: ctx.clock.now(),
      },
      {
        title: row.title,
        detail: row.detail,
        is_anonymous: row.is_anonymous,
        expire_at: new Date(row.expire_at).toISOString(),
      },
    );
    await topicsRelay(ctx).now();
    return ok({ message: 'success' });
  });

  route(app, ctx, topicsEndpoints.myTopics, async ({ query, caller }) => {
    if (!isUuid(query.thread_id)) return ok([]);
    const rows = await listMineInThread(ctx.db, caller.userId, query.thread_id, ctx.clock.now());
    return ok(rows.map((r) => topicView(r, caller.userId)));
  });
}
