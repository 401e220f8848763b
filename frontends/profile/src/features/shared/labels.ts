import { defaultAvatarFor, avatarPath } from '@honne/avatars';
import type { UserProfile } from '@honne/contracts/accounts';
import { GENDERS, PERSONALITIES, RATINGS, splitTags } from '@honne/contracts/profile';

import { strings } from '../../strings.ts';

export const genderOptions = GENDERS.map((g) => ({ value: g.id, label: g.name }));

export const genderName = (gender: string | number | null | undefined) =>
  GENDERS.find((g) => g.value === String(gender))?.name ?? strings.notSet;

/**
 * The gender for a summary line, or null for '3' (unspecified): 「未設定・40代・北海道」 read like an
 * unfinished profile (walk #32), so a person who chose not to say simply has no gender shown.
 */
export const summaryGender = (gender: string | number | null | undefined): string | null =>
  String(gender) === '1' || String(gender) === '2' ? genderName(gender) : null;

export const personalityName = (value: string | null | undefined) =>
  PERSONALITIES.find((p) => p.value === value)?.name ?? strings.notSet;
export const bloodName = (value: string | null | undefined) => (value ? strings.bloodTypeName(value) : strings.notSet);

/** The picture to show: the user's own, else the default avatar (spec §3). */
export const imageOf = (p: Pick<UserProfile, 'profile_image' | 'gender'> | null | undefined) =>
  p?.profile_image || avatarPath(defaultAvatarFor(p?.gender));

export const tagsOf = (p: Pick<UserProfile, 'userCharacterSettings'> | null | undefined) =>
  splitTags(p?.userCharacterSettings?.value ?? '');

export const ratingsOf = (p: Pick<UserProfile, 'userBloodSettings'> | null | undefined) =>
  RATINGS.map((r) => ({ ...r, value: p?.userBloodSettings?.[r.key] ?? null }));
