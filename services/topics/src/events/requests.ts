import { requests } from '@honne/contracts/events';
import { serviceQueue, type Subscription, isUuid } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { findLive, moderatedAway } from '../db/repos/topics.ts';
import { findFilter } from '../db/repos/users.ts';
import { mayView } from '../domain/gate.ts';

/** Accounts asks for the filter history of GET /users/profile. */
export const respondFilter = (ctx: AppContext): Subscription =>
  ctx.bus.respond(
    requests.topicsFilterGet,
    async ({ user_id }) => {
      const f = await findFilter(ctx.db, user_id);
      return {
        age_id: f?.age_id ?? null,
        gender: f?.gender ?? null,
        user_status: f?.user_status ?? 0,
        latest_joined_thread: f?.latest_joined_thread ?? null,
        is_first_search: f?.is_first_search ?? true,
      };
    },
    serviceQueue(ctx),
  );

/** Chat and calls ask about a live voice (its poster, prices, callability). */
export const respondTopic = (ctx: AppContext): Subscription =>
  ctx.bus.respond(
    requests.topicsTopicGet,
    async ({ topic_id, viewer_id }) => {
      const live = isUuid(topic_id) ? await findLive(ctx.db, topic_id, ctx.clock.now()) : undefined;
      const visible =
        live &&
        (viewer_id === undefined
          ? !(await moderatedAway(ctx.db, live, undefined, ctx.clock.now()))
          : await mayView(ctx, viewer_id, live));
      const t = visible ? live : undefined;
      return {
        found: t !== undefined,
        topic_id,
        thread_id: t?.thread_id ?? null,
        user_id: t?.user_id ?? null,
        title: t?.title ?? null,
        is_anonymous: t?.is_anonymous ?? false,
        is_callable: t?.is_callable ?? false,
        chat_price: t?.chat_price ?? 0,
        call_price: t?.call_price ?? 0,
        time_call_price: t?.time_call_price ?? 0,
        purchase_on_start: t?.purchase_on_start ?? false,
        expire_at: t ? new Date(t.expire_at).toISOString() : null,
      };
    },
    serviceQueue(ctx),
  );
