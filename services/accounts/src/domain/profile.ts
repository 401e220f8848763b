import type { UserProfile } from '@honne/contracts/accounts';

import type { User } from '../db/schema/users.ts';

/** The user record of spec §3 with its defaults; fields that later issues fill are null until then. */
export function toProfile(user: User, userCoin: number): UserProfile {
  return {
    id: user.id,
    email: user.email,
    email_id: user.email_id,
    user_name: user.user_name,
    profile_image: user.profile_image,
    gender: user.gender,
    gender_id: user.gender ? Number(user.gender) : null,
    age: null,
    age_id: user.age_id,
    area: null,
    area_id: user.area_id,
    comment: null,
    userBloodSettings: null,
    userCharacterSettings: null,
    userCharacterInputWord: null,
    userCharacterInputDetail: null,
    userSoundSettings: user.sound_settings,
    avatar: user.profile_image,
    userCoin,
    is_approval: user.is_approval,
    is_infomation: user.is_infomation,
    is_first_login: user.is_first_login,
    facebook: null,
    instagram: null,
    twitter: null,
    rank: { max_point_for_chatting: user.max_point_for_chatting, max_point_for_a_call: user.max_point_for_a_call },
    latest_joined_thread: null,
    saved_message_time: user.saved_message_time,
    history: { age_id: user.age_id, gender: user.gender, user_status: 0 },
    created_at: user.created_at.toISOString(),
  };
}
