import { EXPERT_STATUS } from '@honne/contracts/accounts';
import { avatarPath, defaultAvatarFor } from '@honne/avatars';
import type { UserProfile } from '@honne/contracts/accounts';
import type { PublicUser } from '@honne/contracts/profile';

import type { Reference } from '../db/repos/reference.ts';
import type { User } from '../db/schema/users.ts';

/** A user's image, or the default avatar for their gender when they have none. */
export const imageOf = (user: Pick<User, 'profile_image' | 'gender'>): string =>
  user.profile_image ?? avatarPath(defaultAvatarFor(user.gender));

const named = (name: string | undefined) => (name === undefined ? null : { name });

export interface FilterHistory {
  age_id: number | null;
  gender: string | null;
  user_status: number;
  latest_joined_thread: string | null;
}

/** The user record of spec §3, as the signed-in user sees it. */
export function toProfile(user: User, userCoin: number, ref: Reference, history?: FilterHistory): UserProfile {
  return {
    id: user.id,
    email: user.character_no === 1 ? user.email : user.email_id,
    email_id: user.email_id,
    user_name: user.user_name,
    profile_image: imageOf(user),
    gender: user.gender,
    gender_id: user.gender ? Number(user.gender) : null,
    age: named(ref.ageName(user.age_id)),
    age_id: user.age_id,
    area: named(ref.areaName(user.area_id)),
    area_id: user.area_id,
    comment: null,
    userBloodSettings: user.blood_settings,
    userCharacterSettings: user.character_tags === null ? null : { value: user.character_tags },
    userCharacterInputWord: user.input_word,
    userCharacterInputDetail: user.input_detail,
    userSoundSettings: user.sound_settings,
    avatar: imageOf(user),
    userCoin,
    is_approval: user.is_approval,
    is_infomation: user.is_infomation,
    is_first_login: user.is_first_login,
    facebook: user.facebook,
    instagram: user.instagram,
    twitter: user.twitter,
    rank: { max_point_for_chatting: user.max_point_for_chatting, max_point_for_a_call: user.max_point_for_a_call },
    latest_joined_thread: history?.latest_joined_thread ?? null,
    saved_message_time: user.saved_message_time,
    // The saved filter only: the user's own gender and age are not a filter (prefilled with them,
    // a filter saved unchanged hid everybody else).
    history: {
      age_id: history?.age_id ?? null,
      gender: history?.gender ?? null,
      user_status: history?.user_status ?? 0,
    },
    created_at: user.created_at.toISOString(),
  };
}

/** Another user as a detail panel shows them: no e-mail, settings, rank or balance. */
export function toPublicUser(user: User, ref: Reference, viewerId: string): PublicUser {
  return {
    id: user.id,
    user_name: user.user_name,
    profile_image: imageOf(user),
    gender: user.gender,
    age: named(ref.ageName(user.age_id)),
    age_id: user.age_id,
    area: named(ref.areaName(user.area_id)),
    area_id: user.area_id,
    userBloodSettings: user.blood_settings,
    userCharacterSettings: user.character_tags === null ? null : { value: user.character_tags },
    userCharacterInputWord: user.input_word,
    userCharacterInputDetail: user.input_detail,
    facebook: user.facebook,
    instagram: user.instagram,
    twitter: user.twitter,
    is_expert: user.is_approval === EXPERT_STATUS.approved,
    is_me: user.id === viewerId,
  };
}
