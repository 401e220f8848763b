import { Type, type Static } from '@sinclair/typebox';

import {
  BloodSettings,
  DeviceFields,
  LIMITS,
  Session,
  SoundSettings,
  UserProfile,
  checkEmail,
  checkPassword,
} from './accounts.ts';
import { Envelope, ErrorEnvelope, Nullable, Uuid, Ok, endpoint, type FieldErrors } from './common.ts';
import { messages } from './messages.ts';

// Reference data and rules of spec accounts-profile-friends §3, §5, §9 (issue 3).

export const GENDERS = [
  { id: 1, value: '1', name: '男性', short: 'M' },
  { id: 2, value: '2', name: '女性', short: 'F' },
  { id: 3, value: '3', name: '未設定', short: 'X' },
] as const;

export const BLOOD_TYPES = ['A', 'B', 'O', 'AB'] as const;
export const PERSONALITIES = [
  { value: 'bright', name: '明るい' },
  { value: 'normal', name: 'ふつう' },
  { value: 'dark', name: '暗い' },
] as const;
/** The five 1–5 ratings; `degree` is talkativeness and `aggression` positiveness, as the spec stores them. */
export const RATINGS = [
  { key: 'sociability', name: '社交性' },
  { key: 'degree', name: 'おしゃべり度' },
  { key: 'expression', name: '感情表現' },
  { key: 'aggression', name: '積極性' },
  { key: 'fashion', name: 'おしゃれ度' },
] as const;

export const INTEREST_TAGS = [
  '筋トレ・ウォーキング',
  'グルメ',
  '旅行',
  '温泉めぐり',
  '登山',
  'スポーツ',
  'ゴルフ',
  '映画鑑賞',
  'ショッピング',
  'ドライブ',
  'パソコン',
  'カメラ',
  'カラオケ',
  '車・バイク',
  '自転車',
  '楽器演奏',
  '犬・猫・ペット',
  '資格',
  '家庭菜園',
  '英会話',
  'ヨガ',
  '美容',
  '着物',
  '手芸',
  '花',
  '料理',
  '書道',
  'カフェめぐり',
  'アロマ',
] as const;

/** Chat maximum retention options (id, label, minutes); default 60 minutes. */
export const RETENTION_OPTIONS = [
  { id: 1, label: '5分', minutes: 5 },
  { id: 2, label: '10分', minutes: 10 },
  { id: 3, label: '20分', minutes: 20 },
  { id: 4, label: '30分', minutes: 30 },
  { id: 5, label: '1時間', minutes: 60 },
  { id: 6, label: '2時間', minutes: 120 },
  { id: 7, label: '3時間', minutes: 180 },
  { id: 8, label: '6時間', minutes: 360 },
  { id: 9, label: '12時間', minutes: 720 },
  { id: 10, label: '24時間', minutes: 1440 },
  { id: 11, label: '48時間', minutes: 2880 },
  { id: 12, label: '72時間', minutes: 4320 },
] as const;
export const DEFAULT_RETENTION_MINUTES = 60;

export const PROFILE_LIMITS = {
  banText: 100,
  prText: 500,
  snsLink: 255,
  maxCharacters: 3,
  avatarMinSide: 110,
  registrationAvatarSide: 110,
  changeAvatarSide: 375,
  imageMaxBytes: 8 * 1024 * 1024,
} as const;

export const Named = Type.Object({ id: Type.Integer(), name: Type.String() });
export type Named = Static<typeof Named>;

const S = (max = 1000) => Type.String({ maxLength: max });
const IntLike = Type.Union([Type.Integer(), Type.String({ maxLength: 8 })]);

/** Image sources of spec §9: 1 file (data URL / base64 upload), 2 link (a default avatar), 3 base64. */
export const ImageType = Type.Union([
  Type.Literal(1),
  Type.Literal(2),
  Type.Literal(3),
  Type.Literal('1'),
  Type.Literal('2'),
  Type.Literal('3'),
]);

/**
 * Spec §3's onboarding records, kept as sent. Their fields are named and bounded: as free JSON a
 * 10 MB one was stored whole and one nested 10,000 levels deep crashed the request.
 */
export const AvatarRegisterInfo = Type.Object({
  imageUri: Type.Optional(S(2048)),
  type_image: Type.Optional(S(20)),
});
export const RegisterInfo = Type.Partial(
  Type.Object({
    user_name: Nullable(S(200)),
    gender: Nullable(IntLike),
    gender_id: Nullable(IntLike),
    age: Nullable(S(50)),
    age_id: Nullable(IntLike),
    area: Nullable(S(50)),
    area_id: Nullable(IntLike),
  }),
);

export const ProfileUpdateBody = Type.Object({
  user_name: Type.Optional(S(200)),
  gender: Type.Optional(IntLike),
  gender_id: Type.Optional(IntLike),
  age: Type.Optional(S(50)),
  age_id: Type.Optional(IntLike),
  area: Type.Optional(S(50)),
  area_id: Type.Optional(IntLike),
  type: Type.Optional(ImageType),
  profile_image_data: Type.Optional(Type.String({ maxLength: 12 * 1024 * 1024 })),
  is_infomation: Type.Optional(IntLike),
  is_first_login: Type.Optional(Type.Union([IntLike, Type.Boolean()])),
  userAvatarRegisterInfo: Type.Optional(AvatarRegisterInfo),
  userRegisterInfo: Type.Optional(RegisterInfo),
  userBloodSettings: Type.Optional(Type.Partial(BloodSettings)),
  userCharacterSettings: Type.Optional(Type.Object({ value: S(2000) })),
  userSoundSettings: Type.Optional(Type.Partial(SoundSettings)),
  userCharacterInputWord: Type.Optional(S(2000)),
  userCharacterInputDetail: Type.Optional(S(5000)),
  /** Ignored: points only change through the ledger. Accepted so the spec's payload passes. */
  userCoin: Type.Optional(Type.Union([Type.Number(), S(20), Type.Null()])),
});
export type ProfileUpdateBody = Static<typeof ProfileUpdateBody>;

export const AvatarChangeBody = Type.Object({
  type: ImageType,
  profile_image_data: Type.String({ maxLength: 12 * 1024 * 1024 }),
  /** The square the user chose in the crop modal, in source pixels; centre square when absent. */
  crop: Type.Optional(
    Type.Object({
      x: Type.Integer({ minimum: 0 }),
      y: Type.Integer({ minimum: 0 }),
      size: Type.Integer({ minimum: 1 }),
    }),
  ),
});
export type AvatarChangeBody = Static<typeof AvatarChangeBody>;

export const Settings = Type.Object({
  call_volume: Type.Integer({ minimum: 0, maximum: 100 }),
  chat_volume: Type.Integer({ minimum: 0, maximum: 100 }),
  saved_message_time: Type.Integer(),
  voiceCall: Type.Boolean(),
  callRingtone: Type.Boolean(),
  messageRingtone: Type.Boolean(),
});
export type Settings = Static<typeof Settings>;
export const SettingsBody = Type.Partial(Settings);
export type SettingsBody = Static<typeof SettingsBody>;

export const SnsBody = Type.Object({
  facebook: Type.Optional(S(2000)),
  instagram: Type.Optional(S(2000)),
  twitter: Type.Optional(S(2000)),
});
export type SnsBody = Static<typeof SnsBody>;
export const Sns = Type.Object({
  facebook: Nullable(Type.String()),
  instagram: Nullable(Type.String()),
  twitter: Nullable(Type.String()),
});

export const ChangePasswordBody = Type.Object({
  password: Type.Optional(S(200)),
  new_password: Type.Optional(S(200)),
  confirm_new_password: Type.Optional(S(200)),
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const ChangeUserNameBody = Type.Object({ user_name: Type.Optional(S(200)) });
export const ChangeUserNameResult = Type.Object({ user_name: Type.String(), roomIds: Type.Array(Type.String()) });

export const ResetRequestBody = Type.Object({ email: Type.Optional(S()) });
export const ResetVerifyBody = Type.Object({ email: Type.Optional(S()), verify_code: Type.Optional(S()) });
export const ResetPasswordBody = Type.Object({
  email: Type.Optional(S()),
  verify_code: Type.Optional(S()),
  password: Type.Optional(S(200)),
  confirm_password: Type.Optional(S(200)),
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;
export const ResetRequested = Type.Object({ email: Type.String(), verify_code_expires_in: Type.Integer() });
export const Message = Type.Object({ message: Type.String() });

export const Character = Type.Object({
  id: Type.String(),
  user_name: Nullable(Type.String()),
  profile_image: Type.String(),
  is_infomation: Type.Integer(),
  is_parent: Type.Boolean(),
  is_current: Type.Boolean(),
});
export type Character = Static<typeof Character>;
export const CharacterList = Type.Object({
  email_id: Type.String(),
  characters: Type.Array(Character),
  can_add: Type.Boolean(),
});
export type CharacterList = Static<typeof CharacterList>;
export const SwitchCharacterBody = Type.Object({ id: Uuid(), ...DeviceFields });
/**
 * POST /users/deleteUser: the spec's client sends no body. The app asks for the password again
 * and sends it; when sent it must be the account's (the person's) password.
 */
export const DeleteSelfBody = Type.Object({ password: Type.Optional(Type.String({ maxLength: 128 })) });

export const Device = Type.Object({
  device_type: Nullable(Type.String()),
  device_id: Type.String(),
  fcm_token: Nullable(Type.String()),
  voip_token: Nullable(Type.String()),
});
/** At least one token: an empty update has nothing to set (it reached the database as a 500). */
export const DeviceBody = Type.Object(
  { fcm_token: Type.Optional(S(4096)), voip_token: Type.Optional(S(4096)) },
  { minProperties: 1 },
);

export const ServerTime = Type.Object({ now: Type.String(), epoch_ms: Type.Number() });

export const OtpBody = Type.Object({ phone: Type.Optional(S(40)) });
export const OtpVerifyBody = Type.Object({ phone: Type.Optional(S(40)), code: Type.Optional(S(20)) });
export const OtpSent = Type.Object({ phone: Type.String(), expires_in: Type.Integer() });

/** Another user as a card or detail panel shows them: never e-mail, settings or balances. */
export const PublicUser = Type.Object({
  id: Type.String(),
  user_name: Nullable(Type.String()),
  profile_image: Type.String(),
  gender: Nullable(Type.String()),
  age: Nullable(Type.Object({ name: Type.String() })),
  age_id: Nullable(Type.Integer()),
  area: Nullable(Type.Object({ name: Type.String() })),
  area_id: Nullable(Type.Integer()),
  userBloodSettings: Nullable(BloodSettings),
  userCharacterSettings: Nullable(Type.Object({ value: Type.String() })),
  userCharacterInputWord: Nullable(Type.String()),
  userCharacterInputDetail: Nullable(Type.String()),
  facebook: Nullable(Type.String()),
  instagram: Nullable(Type.String()),
  twitter: Nullable(Type.String()),
  /** An operator approved their expert request: shown with the expert mark. */
  is_expert: Type.Boolean(),
  is_me: Type.Boolean(),
});
export type PublicUser = Static<typeof PublicUser>;

const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 422: ErrorEnvelope, 429: ErrorEnvelope };
const IdParam = Type.Object({ id: Uuid() });

export const profileEndpoints = {
  areas: endpoint({
    method: 'GET',
    url: '/areas',
    service: 'accounts',
    summary: 'Areas: 1 = all areas, then the 47 prefectures north to south',
    auth: 'public',
    schema: { response: { 200: Envelope(Type.Array(Named)) } },
  }),
  ages: endpoint({
    method: 'GET',
    url: '/age',
    service: 'accounts',
    summary: 'Age bands, teens to 60s and over',
    auth: 'public',
    schema: { response: { 200: Envelope(Type.Array(Named)) } },
  }),
  avatar: endpoint({
    method: 'GET',
    url: '/users/avatars/:gender/:file',
    service: 'accounts',
    summary: 'A default avatar as SVG (75 male, 76 female)',
    auth: 'public',
    schema: { params: Type.Object({ gender: S(10), file: S(20) }), response: { 404: ErrorEnvelope } },
  }),
  image: endpoint({
    method: 'GET',
    url: '/users/images/:file',
    service: 'accounts',
    summary: 'An uploaded profile image (JPEG); names are unguessable',
    auth: 'public',
    schema: { params: Type.Object({ file: S(60) }), response: { 404: ErrorEnvelope } },
  }),
  update: endpoint({
    method: 'PUT',
    url: '/users',
    service: 'accounts',
    summary:
      "Save onboarding / profile fields (JSON or the spec's form, the image a file or base64); images resized on the server",
    auth: 'user',
    form: {
      files: ['profile_image_data'],
      maxFileBytes: PROFILE_LIMITS.imageMaxBytes,
      fileTooLarge: messages.imageType,
    },
    schema: { body: ProfileUpdateBody, response: { 200: Envelope(UserProfile), ...errors } },
  }),
  changeAvatar: endpoint({
    method: 'PUT',
    url: '/users/avatar',
    service: 'accounts',
    summary: 'Change the avatar: square crop resized to 375, or a default avatar',
    auth: 'user',
    schema: { body: AvatarChangeBody, response: { 200: Envelope(UserProfile), ...errors } },
  }),
  changeUserNamePost: endpoint({
    method: 'POST',
    url: '/users/change_user_name',
    service: 'accounts',
    summary: 'Change the user name; resets friends and removes their rooms',
    auth: 'user',
    schema: { body: ChangeUserNameBody, response: { 200: Envelope(ChangeUserNameResult), ...errors } },
  }),
  changeUserNamePut: endpoint({
    method: 'PUT',
    url: '/users/change_user_name',
    service: 'accounts',
    summary: 'Same as POST /users/change_user_name',
    auth: 'user',
    schema: { body: ChangeUserNameBody, response: { 200: Envelope(ChangeUserNameResult), ...errors } },
  }),
  changePassword: endpoint({
    method: 'POST',
    url: '/users/change_password',
    service: 'accounts',
    summary: 'Change the password (old, new, confirmation)',
    auth: 'user',
    rateLimit: 'auth',
    schema: { body: ChangePasswordBody, response: { 200: Envelope(Message), ...errors } },
  }),
  updateSns: endpoint({
    method: 'POST',
    url: '/users/update_sns',
    service: 'accounts',
    summary: 'Save Facebook, Instagram and Twitter links',
    auth: 'user',
    schema: { body: SnsBody, response: { 200: Envelope(Sns), ...errors } },
  }),
  getSettings: endpoint({
    method: 'GET',
    url: '/users/setting',
    service: 'accounts',
    summary: 'Call/chat settings and chat retention',
    auth: 'user',
    schema: { response: { 200: Envelope(Settings), ...errors } },
  }),
  putSettings: endpoint({
    method: 'PUT',
    url: '/users/setting',
    service: 'accounts',
    summary: 'Update settings',
    auth: 'user',
    schema: { body: SettingsBody, response: { 200: Envelope(Settings), ...errors } },
  }),
  postSettings: endpoint({
    method: 'POST',
    url: '/users/setting',
    service: 'accounts',
    summary: 'Same as PUT /users/setting',
    auth: 'user',
    schema: { body: SettingsBody, response: { 200: Envelope(Settings), ...errors } },
  }),
  getDevice: endpoint({
    method: 'GET',
    url: '/users/device',
    service: 'accounts',
    summary: 'The device of the current session',
    auth: 'user',
    schema: { response: { 200: Envelope(Device), ...errors } },
  }),
  putDevice: endpoint({
    method: 'PUT',
    url: '/users/device',
    service: 'accounts',
    summary: 'Update push tokens of the current device',
    auth: 'user',
    schema: { body: DeviceBody, response: { 200: Envelope(Device), ...errors } },
  }),
  timeserver: endpoint({
    method: 'POST',
    url: '/users/timeserver',
    service: 'accounts',
    summary: 'Server time, for countdowns',
    auth: 'user',
    schema: { response: { 200: Envelope(ServerTime), ...errors } },
  }),
  characters: endpoint({
    method: 'POST',
    url: '/users/myusers',
    service: 'accounts',
    summary: "The account's characters (up to 3)",
    auth: 'user',
    schema: {
      body: Type.Object({ email_id: Type.Optional(S()) }),
      response: { 200: Envelope(CharacterList), ...errors },
    },
  }),
  addCharacter: endpoint({
    method: 'POST',
    url: '/users/add_myusers',
    service: 'accounts',
    summary: 'Add a character while fewer than 3 exist',
    auth: 'user',
    schema: { response: { 200: Envelope(Type.Object({ id: Type.String(), message: Type.String() })), ...errors } },
  }),
  switchCharacter: endpoint({
    method: 'POST',
    url: '/users/switch_character',
    service: 'accounts',
    summary: 'Continue as another character of the account (new session)',
    auth: 'user',
    schema: { body: SwitchCharacterBody, response: { 200: Envelope(Session), ...errors } },
  }),
  deleteSelf: endpoint({
    method: 'POST',
    url: '/users/deleteUser',
    service: 'accounts',
    summary: 'Delete this character; refused for a parent with sub-characters',
    auth: 'user',
    schema: { body: DeleteSelfBody, response: { 200: Envelope(Ok), ...errors } },
  }),
  requestReset: endpoint({
    method: 'POST',
    url: '/users/request_reset_password',
    service: 'accounts',
    summary: 'Mail a 6-digit password-reset code',
    auth: 'public',
    rateLimit: 'auth',
    schema: { body: ResetRequestBody, response: { 200: Envelope(ResetRequested), ...errors } },
  }),
  verifyReset: endpoint({
    method: 'POST',
    url: '/users/reset_password/verify_code',
    service: 'accounts',
    summary: 'Check a password-reset code',
    auth: 'public',
    rateLimit: 'auth',
    schema: { body: ResetVerifyBody, response: { 200: Envelope(Ok), ...errors } },
  }),
  resetPassword: endpoint({
    method: 'POST',
    url: '/users/reset_password',
    service: 'accounts',
    summary: 'Set a new password with the code; ends every session',
    auth: 'public',
    rateLimit: 'auth',
    schema: { body: ResetPasswordBody, response: { 200: Envelope(Message), ...errors } },
  }),
  otp: endpoint({
    method: 'POST',
    url: '/users/otp',
    service: 'accounts',
    summary: 'Prototype phone sign-in: send a code to a +81 number',
    auth: 'public',
    rateLimit: 'auth',
    schema: { body: OtpBody, response: { 200: Envelope(OtpSent), ...errors } },
  }),
  otpVerify: endpoint({
    method: 'POST',
    url: '/users/otp/verify',
    service: 'accounts',
    summary: 'Prototype phone sign-in: check the code',
    auth: 'public',
    rateLimit: 'auth',
    schema: { body: OtpVerifyBody, response: { 200: Envelope(Ok), ...errors } },
  }),
  userDetail: endpoint({
    method: 'GET',
    url: '/users/:id',
    service: 'accounts',
    summary: 'Another user as a detail panel shows them',
    auth: 'user',
    schema: { params: IdParam, response: { 200: Envelope(PublicUser), ...errors } },
  }),
} as const;

// ---- rules shared by the server and the screens ----

const toInt = (v: unknown): number | undefined =>
  v === undefined || v === null || v === '' ? undefined : Number.isInteger(Number(v)) ? Number(v) : NaN;

export function checkUserName(name: string | undefined): string | undefined {
  const trimmed = (name ?? '').trim();
  if (trimmed.length === 0) return messages.userNameRequired;
  if ([...trimmed].length > LIMITS.userNameMax) return messages.userNameTooLong;
  return undefined;
}

/** Field errors for PUT /users; `completing` (is_infomation 1) also requires the four basics. */
export function validateProfileUpdate(body: ProfileUpdateBody, completing: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (body.user_name !== undefined || completing) {
    const e = checkUserName(body.user_name);
    if (e) errors.user_name = e;
  }
  const gender = toInt(body.gender ?? body.gender_id);
  if (gender !== undefined ? !GENDERS.some((g) => g.id === gender) : completing)
    errors.gender = messages.genderRequired;
  const age = toInt(body.age_id);
  if (age !== undefined ? !(age >= 1 && age <= 6) : completing) errors.age = messages.ageRequired;
  const area = toInt(body.area_id);
  if (area !== undefined ? !(area >= 2 && area <= 48) : completing) errors.area = messages.areaRequired;
  const blood = body.userBloodSettings;
  if (blood) {
    if (blood.bloodType != null && !BLOOD_TYPES.includes(blood.bloodType as (typeof BLOOD_TYPES)[number]))
      errors.bloodType = messages.invalidChoice;
    if (blood.personality != null && !PERSONALITIES.some((p) => p.value === blood.personality))
      errors.personality = messages.invalidChoice;
    for (const { key } of RATINGS) {
      const v = blood[key];
      if (v != null && !(Number.isInteger(v) && v >= 1 && v <= 5)) errors[key] = messages.ratingRange;
    }
  }
  if (body.userCharacterSettings) {
    const tags = splitTags(body.userCharacterSettings.value);
    if (tags.some((t) => !INTEREST_TAGS.includes(t as (typeof INTEREST_TAGS)[number])))
      errors.userCharacterSettings = messages.invalidChoice;
  }
  if (body.userCharacterInputWord !== undefined && [...body.userCharacterInputWord].length > PROFILE_LIMITS.banText)
    errors.userCharacterInputWord = messages.banTextTooLong;
  if (body.userCharacterInputDetail !== undefined && [...body.userCharacterInputDetail].length > PROFILE_LIMITS.prText)
    errors.userCharacterInputDetail = messages.prTextTooLong;
  const sound = body.userSoundSettings;
  if (sound && Object.values(sound).some((v) => v != null && !(Number.isInteger(v) && v >= 0 && v <= 100)))
    errors.userSoundSettings = messages.invalidInput;
  return errors;
}

export const splitTags = (value: string): string[] =>
  value
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

export function validateChangePassword(body: ChangePasswordBody): FieldErrors {
  const errors: FieldErrors = {};
  if (!body.password) errors.password = messages.passwordRequired;
  const e = checkPassword(body.new_password ?? '');
  if (e) errors.new_password = e;
  // Every empty field is flagged at once (an empty form used to flag two of three).
  if (!body.confirm_new_password) errors.confirm_new_password = messages.confirmPasswordRequired;
  else if (!e && body.confirm_new_password !== body.new_password)
    errors.confirm_new_password = messages.confirmPasswordMismatch;
  return errors;
}

export function validateResetPassword(body: ResetPasswordBody): FieldErrors {
  const errors: FieldErrors = {};
  const emailError = checkEmail((body.email ?? '').trim());
  if (emailError) errors.email = emailError;
  if (!/^\d{6}$/.test(body.verify_code ?? '')) errors.verify_code = messages.verifyCodeFormat;
  const e = checkPassword(body.password ?? '');
  if (e) errors.password = e;
  else if (body.confirm_password !== body.password) errors.confirm_password = messages.confirmPasswordMismatch;
  return errors;
}

const SNS_RE = /^(https?:\/\/)?[^\s/$.?#][^\s]*$/i;
export function validateSns(body: SnsBody): FieldErrors {
  const errors: FieldErrors = {};
  for (const key of ['facebook', 'instagram', 'twitter'] as const) {
    const v = (body[key] ?? '').trim();
    if (v === '') continue;
    if (v.length > PROFILE_LIMITS.snsLink) errors[key] = messages.snsTooLong;
    else if (!SNS_RE.test(v) || /^(javascript|data|vbscript):/i.test(v)) errors[key] = messages.snsInvalid;
  }
  return errors;
}

/** Links are shown with https:// when the user left it out; anything else is never a link. */
export function snsHref(value: string | null | undefined): string | undefined {
  const v = (value ?? '').trim();
  if (!v || !SNS_RE.test(v) || /^(javascript|data|vbscript):/i.test(v)) return undefined;
  return /^https?:\/\//i.test(v) ? v : `https://${v}`;
}

/** +81 and the national number without its leading 0, e.g. 090-1234-5678 → +819012345678. */
export function toE164Japan(phone: string): string | undefined {
  const digits = phone.replace(/[\s\-()]/g, '');
  const national = digits.startsWith('+81') ? digits.slice(3) : digits.replace(/^0/, '');
  return /^\d{9,10}$/.test(national) ? `+81${national}` : undefined;
}

export const isRetentionMinutes = (m: number) => RETENTION_OPTIONS.some((o) => o.minutes === m);
