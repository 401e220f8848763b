import type { Session, UserProfile } from '@honne/contracts/accounts';

/** Every browser-storage key the frontends use (spec accounts-profile-friends §3). */
export const STORAGE_KEYS = {
  /** The signed-in user: token, its expiry, is_infomation and, once fetched, the profile. */
  userInfo: 'user_info',
  /** A random id for this browser, sent as device_id on login (one device per user). */
  deviceId: 'device_id',
  /** Set once the tutorial was seen. */
  tutorial: 'tutorial',
  /** Onboarding progress; cleared by the guard when logged out (spec §2 Guard). */
  registrationInfo: 'registration_info',
  avatarInfo: 'avatar_info',
  /** The current bottom-nav tab index (spec §9: search 1, home 2, history 3, friends 4). */
  tabIndex: 'tab_index',
  /** Password reset in progress (spec §3): the e-mail, then the checked code. */
  resetEmail: 'reset_email',
  verifyCode: 'verify_code',
  /** The message-arrival sound toggle of /settings; kept on this device only (spec §4). */
  messageSound: 'message_sound',
  /** Areas, categories and sub-categories the splash loaded (spec §3: reference data cached locally). */
  reference: 'reference_data',
  /** A suspended person's notice token from the refused login, for /restricted (issue 27). */
  noticeToken: 'notice_token',
} as const;

/** The slice of Web Storage we use, so tests can pass a Map-backed one. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export class MemoryStorage implements KeyValueStorage {
  private readonly map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value));
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

export function defaultStorage(): KeyValueStorage {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Storage can throw when disabled (private modes); fall back to memory for this tab.
  }
  return new MemoryStorage();
}

/** What `user_info` holds. */
export interface UserInfo {
  access_token: string;
  /** Epoch milliseconds when access_token stops working (from expires_in at receipt). */
  expires_at: number;
  is_infomation: number;
  user_id: string;
  email?: string;
  profile?: UserProfile;
}

type Listener = (info: UserInfo | null) => void;

export type SessionEndReason = 'logout' | 'unauthorized' | 'forced_logout';

/**
 * The session as stored in `user_info`. One instance per page (the api-client package is a
 * Module Federation singleton), so the shell's guard hears a login done inside a remote.
 */
export class SessionStore {
  private readonly listeners = new Set<Listener>();
  private cached: UserInfo | null | undefined;

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly now: () => number = Date.now,
  ) {}

  get(): UserInfo | null {
    if (this.cached !== undefined) return this.cached;
    this.cached = parseUserInfo(this.storage.getItem(STORAGE_KEYS.userInfo));
    return this.cached;
  }

  get token(): string | null {
    return this.get()?.access_token ?? null;
  }

  /** Stores a session answered by login, verify or refresh. */
  setSession(session: Session, extra: { email?: string } = {}): UserInfo {
    const previous = this.get();
    const info: UserInfo = {
      ...(previous?.user_id === session.user_id ? previous : {}),
      access_token: session.access_token,
      expires_at: this.now() + session.expires_in * 1000,
      is_infomation: session.is_infomation,
      user_id: session.user_id,
      ...(extra.email ? { email: extra.email } : {}),
    };
    this.write(info);
    return info;
  }

  update(patch: Partial<UserInfo>): void {
    const current = this.get();
    if (!current) return;
    this.write({ ...current, ...patch });
  }

  /**
   * Why the last session ended, until the next one starts: the shell's guard sends someone whose
   * session just ended to /login rather than /splash (spec §4: a 401 logs out to the login page).
   */
  endedBy: SessionEndReason | null = null;

  clear(reason: SessionEndReason = 'logout'): void {
    this.endedBy = reason;
    this.storage.removeItem(STORAGE_KEYS.userInfo);
    this.cached = null;
    this.emit();
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Re-reads storage (another tab logged in or out: the `storage` event). */
  reload(): void {
    this.cached = undefined;
    this.emit();
  }

  private write(info: UserInfo) {
    this.endedBy = null;
    this.storage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(info));
    this.cached = info;
    this.emit();
  }

  private emit() {
    const info = this.get();
    for (const l of this.listeners) l(info);
  }
}

function parseUserInfo(raw: string | null): UserInfo | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<UserInfo>;
    // Spec §4: the session is restored only when the stored record holds an access_token.
    if (typeof value.access_token !== 'string' || value.access_token.length === 0) return null;
    return {
      ...value,
      access_token: value.access_token,
      expires_at: typeof value.expires_at === 'number' ? value.expires_at : 0,
      is_infomation: value.is_infomation ?? 0,
      user_id: value.user_id ?? '',
    };
  } catch {
    return null;
  }
}

/** This browser's device id: made once with crypto.randomUUID and kept. */
export function getDeviceId(storage: KeyValueStorage): string {
  const existing = storage.getItem(STORAGE_KEYS.deviceId);
  if (existing) return existing;
  const id = globalThis.crypto?.randomUUID?.() ?? fallbackUuid();
  storage.setItem(STORAGE_KEYS.deviceId, id);
  return id;
}

function fallbackUuid(): string {
  // Only for non-secure contexts (plain http on a LAN address) where randomUUID is missing.
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
