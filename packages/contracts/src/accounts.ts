import { Type, type Static } from '@sinclair/typebox';

import { Envelope, ErrorEnvelope, Nullable, Uuid, Ok, endpoint, type FieldErrors } from './common.ts';
import { messages } from './messages.ts';

// Limits of spec accounts-profile-friends §5 and §9.
export const LIMITS = {
  emailMax: 100,
  passwordMin: 8,
  passwordMax: 20,
  verifyCodeLength: 6,
  userNameMax: 10,
} as const;

const Str = (maxLength = 1000) => Type.String({ maxLength });

export const SignUpBody = Type.Object({
  email: Type.Optional(Str()),
  confirm_email: Type.Optional(Str()),
  password: Type.Optional(Str()),
  confirm_password: Type.Optional(Str()),
  /** Required true: sign-up without having agreed to the terms is refused (the server keeps the gate). */
  agree_terms: Type.Optional(Type.Boolean()),
});
export type SignUpBody = Static<typeof SignUpBody>;

export const SignUpResult = Type.Object({
  email: Type.String(),
  is_active: Type.Integer(),
  verify_code_expires_in: Type.Integer({ description: 'seconds' }),
  /** Sent back with the code so the server checks the code of this sign-up, not another one. */
  signup_id: Type.String(),
});
export type SignUpResult = Static<typeof SignUpResult>;

export const DeviceFields = {
  device_type: Type.Optional(Str(32)),
  device_id: Type.Optional(Str(128)),
  fcm_token: Type.Optional(Str(4096)),
  voip_token: Type.Optional(Str(4096)),
};

export const VerifyBody = Type.Object({
  email: Type.Optional(Str()),
  verify_code: Type.Optional(Str()),
  signup_id: Type.Optional(Uuid()),
  ...DeviceFields,
});
export type VerifyBody = Static<typeof VerifyBody>;

export const ResendCodeBody = Type.Object({ email: Type.Optional(Str()), signup_id: Type.Optional(Uuid()) });
export type ResendCodeBody = Static<typeof ResendCodeBody>;

export const LoginBody = Type.Object({
  email: Type.Optional(Str()),
  password: Type.Optional(Str()),
  ...DeviceFields,
});
export type LoginBody = Static<typeof LoginBody>;

export const Session = Type.Object({
  access_token: Type.String(),
  /** Seconds until the access token expires; the client refreshes before then. */
  expires_in: Type.Integer(),
  // No token_firebase: the spec's client signed in to a hosted real-time backend with it; honne's
  // socket takes the access token, so there is nothing to hand out (docs/adr/0004).
  is_infomation: Type.Integer(),
  user_id: Type.String(),
});
export type Session = Static<typeof Session>;

export const VerifyResult = Type.Intersect([Type.Object({ is_active: Type.Integer() }), Session]);
export type VerifyResult = Static<typeof VerifyResult>;

const Named = Type.Object({ name: Type.String() });

export const BloodSettings = Type.Object({
  bloodType: Nullable(Type.String({ maxLength: 20 })),
  personality: Nullable(Type.String({ maxLength: 50 })),
  sociability: Nullable(Type.Integer()),
  degree: Nullable(Type.Integer()),
  expression: Nullable(Type.Integer()),
  aggression: Nullable(Type.Integer()),
  fashion: Nullable(Type.Integer()),
});

export const SoundSettings = Type.Object({
  setting1: Type.Integer(),
  setting2: Type.Integer(),
  setting3: Type.Integer(),
});

export const Rank = Type.Object({
  max_point_for_chatting: Type.Integer(),
  max_point_for_a_call: Type.Integer(),
});

/** The user record of spec accounts-profile-friends §3, as the signed-in user sees it. */
export const UserProfile = Type.Object({
  id: Type.String(),
  email: Type.String(),
  email_id: Type.String(),
  user_name: Nullable(Type.String()),
  profile_image: Nullable(Type.String()),
  gender: Nullable(Type.String()),
  gender_id: Nullable(Type.Integer()),
  age: Nullable(Named),
  age_id: Nullable(Type.Integer()),
  area: Nullable(Named),
  area_id: Nullable(Type.Integer()),
  comment: Nullable(Type.String()),
  userBloodSettings: Nullable(BloodSettings),
  userCharacterSettings: Nullable(Type.Object({ value: Type.String() })),
  userCharacterInputWord: Nullable(Type.String()),
  userCharacterInputDetail: Nullable(Type.String()),
  userSoundSettings: SoundSettings,
  avatar: Nullable(Type.String()),
  userCoin: Type.Integer(),
  /** EXPERT_STATUS: 0 none, 1 approved (the expert mark), 2 requested, 3 refused. */
  is_approval: Type.Integer(),
  is_infomation: Type.Integer(),
  is_first_login: Type.Integer(),
  facebook: Nullable(Type.String()),
  instagram: Nullable(Type.String()),
  twitter: Nullable(Type.String()),
  rank: Rank,
  latest_joined_thread: Nullable(Type.String()),
  saved_message_time: Type.Integer(),
  history: Type.Object({
    age_id: Nullable(Type.Integer()),
    gender: Nullable(Type.String()),
    user_status: Type.Integer(),
  }),
  created_at: Type.String({ format: 'date-time' }),
});
export type UserProfile = Static<typeof UserProfile>;

const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 429: ErrorEnvelope };

/** An operator sets a user's rank: the most they may charge for a chat and per call minute. */
export const RankBody = Type.Object({
  max_point_for_chatting: Type.Integer({ minimum: 0, maximum: 100_000, multipleOf: 10 }),
  max_point_for_a_call: Type.Integer({ minimum: 0, maximum: 100_000, multipleOf: 10 }),
});
export type RankBody = Static<typeof RankBody>;

export const accountsEndpoints = {
  requestApproval: endpoint({
    method: 'POST',
    url: '/users/get_approval',
    service: 'accounts',
    summary: 'Ask to become an expert (paid services); pending until an operator approves or refuses',
    auth: 'user',
    schema: { response: { 200: Envelope(Type.Object({ is_approval: Type.Integer() })), ...errors } },
  }),
  signUp: endpoint({
    method: 'POST',
    url: '/users',
    service: 'accounts',
    summary: 'Sign up; sends a 6-digit verification code by e-mail',
    auth: 'public',
    rateLimit: 'auth',
    schema: { body: SignUpBody, response: { 200: Envelope(SignUpResult), ...errors } },
  }),
  resendCode: endpoint({
    method: 'POST',
    url: '/users/resend_code',
    service: 'accounts',
    summary: 'Send a fresh verification code to an e-mail that signed up but is not verified yet',
    auth: 'public',
    rateLimit: 'auth',
    schema: { body: ResendCodeBody, response: { 200: Envelope(SignUpResult), ...errors } },
  }),
  verify: endpoint({
    method: 'POST',
    url: '/users/verify',
    service: 'accounts',
    summary: 'Verify the e-mail with its code; activates the account and logs in',
    auth: 'public',
    rateLimit: 'auth',
    schema: { body: VerifyBody, response: { 200: Envelope(VerifyResult), ...errors } },
  }),
  login: endpoint({
    method: 'POST',
    url: '/users/login',
    service: 'accounts',
    summary: 'Log in on one device; a login from another device ends the older session',
    auth: 'public',
    rateLimit: 'auth',
    schema: { body: LoginBody, response: { 200: Envelope(Session), ...errors } },
  }),
  refresh: endpoint({
    method: 'POST',
    url: '/users/refresh_token',
    service: 'accounts',
    summary: 'Exchange a still-valid access token for a fresh one (same session)',
    auth: 'user',
    schema: { response: { 200: Envelope(Session), ...errors } },
  }),
  logout: endpoint({
    method: 'POST',
    url: '/logout',
    service: 'accounts',
    summary: 'End the current session',
    auth: 'user',
    schema: { response: { 200: Envelope(Ok), ...errors } },
  }),
  profile: endpoint({
    method: 'GET',
    url: '/users/profile',
    service: 'accounts',
    summary: 'The signed-in user with profile, settings and points balance',
    auth: 'user',
    schema: { response: { 200: Envelope(UserProfile), ...errors } },
  }),
} as const;

/**
 * The "standard format" of spec §5: printable ASCII only (RFC 5321 without quoting), so an emoji or
 * a full-width character in an address is a typo we name rather than a mail that never arrives.
 * The domain is labels of letters, digits and hyphens with a dot.
 */
const EMAIL_RE =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** Rules of spec §5 for sign-up; used by the server and, for instant feedback, by the client. */
export function validateSignUp(body: SignUpBody): FieldErrors {
  const errors: FieldErrors = {};
  const email = (body.email ?? '').trim();
  const emailError = checkEmail(email);
  if (emailError) errors.email = emailError;
  if (!emailError && (body.confirm_email ?? '').trim() !== email) {
    errors.confirm_email = messages.confirmEmailMismatch;
  }
  const passwordError = checkPassword(body.password ?? '');
  if (passwordError) errors.password = passwordError;
  if (!passwordError && body.confirm_password !== body.password) {
    errors.confirm_password = messages.confirmPasswordMismatch;
  }
  // The terms gate is the server's too: a client that leaves it out has not agreed.
  if (body.agree_terms !== true) errors.agree_terms = messages.termsRequired;
  return errors;
}

export function validateLogin(body: LoginBody): FieldErrors {
  const errors: FieldErrors = {};
  const emailError = checkEmail((body.email ?? '').trim());
  if (emailError) errors.email = emailError;
  const passwordError = checkPassword(body.password ?? '');
  if (passwordError) errors.password = passwordError;
  return errors;
}

export function validateVerify(body: VerifyBody): FieldErrors {
  const errors: FieldErrors = {};
  const emailError = checkEmail((body.email ?? '').trim());
  if (emailError) errors.email = emailError;
  if (!/^\d{6}$/.test(body.verify_code ?? '')) errors.verify_code = messages.verifyCodeFormat;
  return errors;
}

export function checkEmail(email: string): string | undefined {
  if (email.length === 0) return messages.emailRequired;
  if (email.length > LIMITS.emailMax) return messages.emailTooLong;
  if (!EMAIL_RE.test(email)) return messages.emailFormat;
  return undefined;
}

export function checkPassword(password: string): string | undefined {
  if (password.length === 0) return messages.passwordRequired;
  if (password.length < LIMITS.passwordMin || password.length > LIMITS.passwordMax) {
    return messages.passwordLength;
  }
  return undefined;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The spec's is_approval: where a user's expert request stands (1 is the expert mark). */
export const EXPERT_STATUS = { none: 0, approved: 1, requested: 2, refused: 3 } as const;

/** A character's expert request waiting for an operator (the console's 専門家申請 page, ADR 0034). */
export const ExpertRequest = Type.Object({
  user_id: Type.String(),
  user_name: Nullable(Type.String()),
  /** The character's last change: the request itself, or an edit of the profile since. */
  updated_at: Type.String(),
});
export type ExpertRequest = Static<typeof ExpertRequest>;
export const ExpertRequestsQuery = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) });
export type ExpertRequestsQuery = Static<typeof ExpertRequestsQuery>;
