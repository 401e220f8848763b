import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

import { STORAGE_KEYS, getApi } from '@honne/api-client';

import {
  readAvatar,
  readRegistration,
  registrationFromProfile,
  writeAvatar,
  writeRegistration,
  type AvatarInfo,
  type RegistrationInfo,
} from './progress.ts';

interface RegistrationState {
  info: RegistrationInfo;
  avatar: AvatarInfo | null;
  update: (patch: Partial<RegistrationInfo>) => RegistrationInfo;
  setAvatar: (avatar: AvatarInfo | null) => void;
}

const Ctx = createContext<RegistrationState | null>(null);

/**
 * Onboarding progress shared by the steps and mirrored to `registration_info` / `avatar_info` on
 * every change, so a reload (or a crash) resumes where the person was.
 */
export function RegistrationProvider({ children }: { children: ReactNode }) {
  const { storage } = getApi().client;
  const [info, setInfo] = useState(() => readRegistration(storage));
  const [avatar, setAvatarState] = useState(() => readAvatar(storage));

  // Nothing stored (a new browser, or logged out in between): start from what the server holds.
  useEffect(() => {
    if (storage.getItem(STORAGE_KEYS.registrationInfo)) return;
    let alive = true;
    getApi()
      .accounts.profile()
      .then((p) => {
        if (!alive || storage.getItem(STORAGE_KEYS.registrationInfo)) return;
        const next = registrationFromProfile(p, readRegistration(storage));
        writeRegistration(storage, next);
        setInfo(next);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [storage]);

  const update = useCallback(
    (patch: Partial<RegistrationInfo>) => {
      const next = { ...readRegistration(storage), ...patch };
      writeRegistration(storage, next);
      setInfo(next);
      return next;
    },
    [storage],
  );
  const setAvatar = useCallback(
    (a: AvatarInfo | null) => {
      writeAvatar(storage, a);
      setAvatarState(a);
    },
    [storage],
  );
  const value = useMemo(() => ({ info, avatar, update, setAvatar }), [info, avatar, update, setAvatar]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useRegistration(): RegistrationState {
  const v = useContext(Ctx);
  if (!v) throw new Error('useRegistration outside RegistrationProvider');
  return v;
}

export const REG = '/registration-information';
