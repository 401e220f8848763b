/** Public routes of spec accounts-profile-friends §2: reachable without signing in. */
export const PUBLIC_PATHS = [
  '/login',
  '/whitescreen',
  '/splash',
  '/tutorial',
  '/verify_email',
  '/verify_code',
  '/reset_password',
  '/signup',
  '/agree',
  '/term_of_use',
  '/code',
  '/forgetpass',
  '/OTP',
  '/OTPConfirm',
  '/OTPResult',
  // A suspended or banned person's notices and appeal, with the notice token the login handed out.
  '/restricted',
] as const;

/** Readable whether signed in or not (the terms; the blank reload page). */
const OPEN_TO_ALL = new Set<string>(['/agree', '/term_of_use', '/whitescreen']);

export const REGISTRATION_PATH = '/registration-information';
/** Where the login sends someone not yet set up (spec §2): the start of onboarding. */
export const SETTING_INFORMATION_PATH = '/setting-information';

const isPublic = (pathname: string) => (PUBLIC_PATHS as readonly string[]).includes(pathname);
const isRegistration = (pathname: string) =>
  pathname === REGISTRATION_PATH || pathname.startsWith(`${REGISTRATION_PATH}/`);

/**
 * The guard of spec §2/§4 as a pure rule: where to send someone instead of `pathname`, or null to
 * let them stay. Logged out → /splash (/login right after a session ended) (a person already on a public page such as /login stays);
 * logged in with is_infomation 0 → /registration-information; logged in people are taken off the
 * sign-in pages.
 */
export function guardRedirect(
  pathname: string,
  session: { is_infomation: number } | null,
  endedBy: string | null = null,
): string | null {
  // A session that just ended (logout, 401, another device) goes to the login page instead.
  if (!session) return isPublic(pathname) ? null : endedBy ? '/login' : '/splash';
  if (OPEN_TO_ALL.has(pathname)) return null;
  if (session.is_infomation === 0)
    return isRegistration(pathname) || pathname === SETTING_INFORMATION_PATH ? null : REGISTRATION_PATH;
  if (isPublic(pathname)) return '/';
  return null;
}
