import { EXPERT_STATUS } from '@honne/contracts/accounts';
import { events } from '@honne/contracts/events';

import type { EventPayload } from '@honne/contracts/events';

import type { User } from '../db/schema/users.ts';
import { imageOf } from '../domain/profile.ts';
import type { Emit } from './outbox.ts';

/** What other services may show of the user (their read models follow it). */
export function profileEvent(user: User): EventPayload<typeof events.userProfileUpdated> {
  return {
    user_id: user.id,
    email_id: user.email_id,
    user_name: user.user_name,
    profile_image: imageOf(user),
    gender: user.gender,
    age_id: user.age_id,
    area_id: user.area_id,
    max_point_for_chatting: user.max_point_for_chatting,
    max_point_for_a_call: user.max_point_for_a_call,
    is_expert: user.is_approval === EXPERT_STATUS.approved,
    updated_at: user.updated_at.toISOString(),
  };
}

/** Queues the user's card in the transaction that changed it. */
export const emitProfile = (emit: Emit, user: User) => emit(events.userProfileUpdated, profileEvent(user));
