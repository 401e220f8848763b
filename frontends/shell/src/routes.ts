import type { RemoteName } from './remotes.ts';

/** A screen that lives in a remote: `profile/Login` is `./Login` exposed by the profile remote. */
export type RemoteId = `${RemoteName}/${string}`;

/**
 * The remote screens by path, in two groups: full-height screens (no bottom navigation) and the
 * signed-in screens under the five-tab navigation. App.tsx renders them; the boot preloader in
 * index.html (boot/first-route.ts) reads the same table, so it fetches what the first screen needs
 * while the shell itself is still downloading. Paths are wouter's patterns (regexparam): `:name` is
 * one segment, a trailing `/*?` is the path itself or anything under it (the remote routes the rest).
 */
export const BARE_ROUTES: readonly (readonly [path: string, id: RemoteId])[] = [
  ['/splash', 'profile/Splash'],
  ['/tutorial', 'profile/Tutorial'],
  ['/login', 'profile/Login'],
  ['/signup', 'profile/SignUp'],
  ['/agree', 'profile/Terms'],
  ['/term_of_use', 'profile/Terms'],
  ['/verify_email', 'profile/VerifyEmail'],
  ['/verify_code', 'profile/VerifyCode'],
  ['/reset_password', 'profile/ResetPassword'],
  ['/OTP', 'profile/Otp'],
  ['/OTPConfirm', 'profile/OtpConfirm'],
  ['/OTPResult', 'profile/OtpResult'],
  ['/code', 'profile/SignUpCode'],
  ['/setting-information', 'profile/SettingInformation'],
  ['/registration-information/*?', 'profile/RegistrationInformation'],
  ['/chat/:roomId', 'chat/ChatRoom'],
  ['/trumpet/:roomId', 'chat/Trumpet'],
  ['/present/:roomId', 'chat/Present'],
  ['/checkout/test/:id', 'profile/TestCheckout'],
];

export const MAIN_ROUTES: readonly (readonly [path: string, id: RemoteId])[] = [
  ['/', 'topics/PostList'],
  ['/mypage', 'profile/MyPage'],
  ['/settings', 'profile/Settings'],
  ['/manage-point', 'profile/ManagePoint'],
  ['/changeprofile', 'profile/ChangeProfile'],
  ['/changeusername', 'profile/ChangeUserName'],
  ['/changeavatar', 'profile/ChangeAvatar'],
  ['/takepicture', 'profile/TakePicture'],
  ['/defaultimages', 'profile/DefaultImages'],
  ['/changepassword', 'profile/ChangePassword'],
  ['/sns_info', 'profile/SnsInfo'],
  ['/search', 'topics/LatestPosts'],
  ['/search_list', 'topics/SearchList'],
  ['/filtertopic', 'topics/FilterTopic'],
  ['/history/*?', 'topics/History'],
  ['/friendlist', 'chat/Friends'],
  ['/friendlistcall', 'chat/FriendsCall'],
  ['/addfriend', 'chat/AddFriend'],
  ['/blocklist', 'chat/BlockList'],
];
