import { STORAGE_KEYS, type KeyValueStorage } from '@honne/api-client';
import type { UserProfile } from '@honne/contracts/accounts';
import { avatarPath, defaultAvatarFor } from '@honne/avatars';
import { RATINGS, type ProfileUpdateBody } from '@honne/contracts/profile';

export type RatingKey = (typeof RATINGS)[number]['key'];

export interface BloodDraft {
  bloodType: string | null;
  personality: string | null;
  sociability: number;
  degree: number;
  expression: number;
  aggression: number;
  fashion: number;
}

/** Onboarding progress kept in `registration_info` so a reload loses nothing (spec §4). */
export interface RegistrationInfo {
  user_name: string;
  gender_id: number | null;
  age_id: number | null;
  area_id: number | null;
  /** Gender and age as last decided: the avatar step is shown again only when they change. */
  decided: { gender_id: number; age_id: number } | null;
  sound: { setting1: number; setting2: number; setting3: number };
  blood: BloodDraft;
  tags: string[];
}

/**
 * `avatar_info`: the icon chosen during onboarding (spec §3 userAvatarRegisterInfo). An uploaded
 * photo is stored by the server at once and kept here as its link; a default avatar is a link too.
 */
export interface AvatarInfo {
  imageUri: string;
  type_image: 'link';
  source: 'upload' | 'avatar';
}

/** Spec §9: the voice sliders start at 30, 50, 40. */
export const DEFAULT_SOUND = { setting1: 30, setting2: 50, setting3: 40 } as const;
export const DEFAULT_RATING = 3;

export function emptyRegistration(): RegistrationInfo {
  return {
    user_name: '',
    gender_id: null,
    age_id: null,
    area_id: null,
    decided: null,
    sound: { ...DEFAULT_SOUND },
    blood: {
      bloodType: null,
      personality: null,
      sociability: DEFAULT_RATING,
      degree: DEFAULT_RATING,
      expression: DEFAULT_RATING,
      aggression: DEFAULT_RATING,
      fashion: DEFAULT_RATING,
    },
    tags: [],
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const intOr = <T>(v: unknown, fallback: T): number | T => (typeof v === 'number' && Number.isInteger(v) ? v : fallback);

/** Reads the stored progress, repairing anything missing or malformed with the defaults. */
export function readRegistration(storage: KeyValueStorage): RegistrationInfo {
  const base = emptyRegistration();
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(STORAGE_KEYS.registrationInfo) ?? 'null');
  } catch {
    return base;
  }
  if (!isObject(raw)) return base;
  const sound = isObject(raw.sound) ? raw.sound : {};
  const blood = isObject(raw.blood) ? raw.blood : {};
  const decided = isObject(raw.decided) ? raw.decided : null;
  return {
    user_name: typeof raw.user_name === 'string' ? raw.user_name : '',
    gender_id: intOr(raw.gender_id, null),
    age_id: intOr(raw.age_id, null),
    area_id: intOr(raw.area_id, null),
    decided:
      decided && typeof decided.gender_id === 'number' && typeof decided.age_id === 'number'
        ? { gender_id: decided.gender_id, age_id: decided.age_id }
        : null,
    sound: {
      setting1: intOr(sound.setting1, base.sound.setting1),
      setting2: intOr(sound.setting2, base.sound.setting2),
      setting3: intOr(sound.setting3, base.sound.setting3),
    },
    blood: {
      bloodType: typeof blood.bloodType === 'string' ? blood.bloodType : null,
      personality: typeof blood.personality === 'string' ? blood.personality : null,
      ...(Object.fromEntries(RATINGS.map((r) => [r.key, intOr(blood[r.key], DEFAULT_RATING)])) as Record<
        RatingKey,
        number
      >),
    },
    tags: Array.isArray(raw.tags) ? raw.tags.filter((t): t is string => typeof t === 'string') : [],
  };
}

export function writeRegistration(storage: KeyValueStorage, info: RegistrationInfo): void {
  storage.setItem(STORAGE_KEYS.registrationInfo, JSON.stringify(info));
}

export function updateRegistration(storage: KeyValueStorage, patch: Partial<RegistrationInfo>): RegistrationInfo {
  const next = { ...readRegistration(storage), ...patch };
  writeRegistration(storage, next);
  return next;
}

export function readAvatar(storage: KeyValueStorage): AvatarInfo | null {
  try {
    const raw = JSON.parse(storage.getItem(STORAGE_KEYS.avatarInfo) ?? 'null') as unknown;
    if (isObject(raw) && typeof raw.imageUri === 'string' && (raw.source === 'upload' || raw.source === 'avatar'))
      return { imageUri: raw.imageUri, type_image: 'link', source: raw.source };
  } catch {
    // fall through
  }
  return null;
}

export function writeAvatar(storage: KeyValueStorage, info: AvatarInfo | null): void {
  if (info) storage.setItem(STORAGE_KEYS.avatarInfo, JSON.stringify(info));
  else storage.removeItem(STORAGE_KEYS.avatarInfo);
}

export function clearProgress(storage: KeyValueStorage): void {
  storage.removeItem(STORAGE_KEYS.registrationInfo);
  storage.removeItem(STORAGE_KEYS.avatarInfo);
}

/** Spec §2: the decide button goes to the avatar step when gender or age changed, else to confirm. */
export function needsAvatarStep(info: RegistrationInfo): boolean {
  return !info.decided || info.decided.gender_id !== info.gender_id || info.decided.age_id !== info.age_id;
}

/** Prefills the progress from what the server already holds (a reload after saving the basics). */
export function registrationFromProfile(
  p: UserProfile,
  base: RegistrationInfo = emptyRegistration(),
): RegistrationInfo {
  const b = p.userBloodSettings;
  return {
    ...base,
    user_name: base.user_name || (p.user_name ?? ''),
    gender_id: base.gender_id ?? p.gender_id ?? (p.gender ? Number(p.gender) : null),
    age_id: base.age_id ?? p.age_id,
    area_id: base.area_id ?? p.area_id,
    sound: { ...p.userSoundSettings },
    blood: {
      bloodType: b?.bloodType ?? null,
      personality: b?.personality ?? null,
      ...(Object.fromEntries(RATINGS.map((r) => [r.key, b?.[r.key] ?? DEFAULT_RATING])) as Record<RatingKey, number>),
    },
    tags: (p.userCharacterSettings?.value ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  };
}

/**
 * userBloodSettings for PUT /users without the unchosen (null) choices: the server's schema
 * coerces a null string to '' and then refuses it as not one of the choices, so an unchosen blood
 * type or personality is simply left out (it stays unset).
 */
export function bloodBody(blood: BloodDraft): Partial<BloodDraft> {
  return Object.fromEntries(Object.entries(blood).filter(([, v]) => v !== null)) as Partial<BloodDraft>;
}

/** Spec §7 PUT /users: everything of onboarding in one save, with is_infomation 1. */
export function registrationBody(
  info: RegistrationInfo,
  avatar: AvatarInfo | null,
  names: { age: string; area: string },
): ProfileUpdateBody {
  const gender = String(info.gender_id ?? '');
  // No avatar chosen: the default avatar, as a link (spec §4).
  const image: AvatarInfo = avatar ?? {
    imageUri: avatarPath(defaultAvatarFor(gender)),
    type_image: 'link',
    source: 'avatar',
  };
  const register = {
    user_name: info.user_name.trim(),
    gender,
    gender_id: info.gender_id,
    age: names.age,
    age_id: info.age_id,
    area: names.area,
    area_id: info.area_id,
  };
  return {
    user_name: register.user_name,
    gender,
    gender_id: info.gender_id ?? '',
    age: names.age,
    age_id: info.age_id ?? '',
    area: names.area,
    area_id: info.area_id ?? '',
    // An uploaded photo is already stored; a default avatar is sent as its link (type 2).
    ...(image.source === 'avatar' ? { type: 2 as const, profile_image_data: image.imageUri } : {}),
    is_infomation: 1,
    is_first_login: 1,
    userRegisterInfo: register,
    userAvatarRegisterInfo: { imageUri: image.imageUri, type_image: image.type_image },
    userSoundSettings: info.sound,
    userBloodSettings: bloodBody(info.blood),
    userCharacterSettings: { value: info.tags.join(',') },
  };
}
