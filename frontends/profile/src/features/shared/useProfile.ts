import { useCallback, useEffect, useState } from 'react';

import { getApi } from '@honne/api-client';
import type { UserProfile } from '@honne/contracts/accounts';

import { useReport } from './useReport.ts';

/**
 * The signed-in user's profile: the copy kept in `user_info` at once (no blank screen), then a
 * fresh GET /users/profile. A failed load says 想定しないエラーが発生しました。 (spec §8).
 */
export function useProfile(enabled = true) {
  const report = useReport();
  const api = getApi();
  const [profile, setProfile] = useState<UserProfile | null>(api.client.session.get()?.profile ?? null);
  const [loading, setLoading] = useState(enabled);
  const [failed, setFailed] = useState(false);

  const reload = useCallback(async () => {
    setLoading(true);
    setFailed(false);
    try {
      setProfile(await api.accounts.profile());
    } catch (e) {
      setFailed(true);
      report(e);
    } finally {
      setLoading(false);
    }
  }, [api, report]);

  useEffect(() => {
    if (enabled) void reload();
  }, [reload, enabled]);

  /** Keeps the screen and `user_info` in step after a save answered the new profile. */
  const saved = useCallback(
    (p: UserProfile) => {
      setProfile(p);
      api.client.session.update({ profile: p, is_infomation: p.is_infomation });
    },
    [api],
  );

  return { profile, loading: loading && !profile, refreshing: loading, failed, reload, saved };
}
