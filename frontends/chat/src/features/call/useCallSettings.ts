import { getApi } from '@honne/api-client';
import { profileEndpoints } from '@honne/contracts/profile';
import { DEFAULT_VOICE_SETTINGS, type VoiceSettings } from '@honne/ui';
import { useCallback, useEffect, useState } from 'react';

import type { RingSettings } from './useRingtone.ts';

export interface CallSettings extends RingSettings {
  voice: VoiceSettings | null;
}

const DEFAULTS: RingSettings = { voiceCall: true, callRingtone: true, callVolume: 100 };

/**
 * The user's call settings (GET /users/setting: voiceCall, callRingtone, call_volume) and voice
 * sliders (the profile's userSoundSettings), read again whenever a call starts ringing so a
 * change made in settings a minute ago counts.
 */
export function useCallSettings(): CallSettings & { refresh: () => void } {
  const api = getApi();
  const [ring, setRing] = useState<RingSettings>(DEFAULTS);
  const [voice, setVoice] = useState<VoiceSettings | null>(
    () => api.client.session.get()?.profile?.userSoundSettings ?? null,
  );
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (!api.client.session.get()) return;
    let alive = true;
    api.client
      .call(profileEndpoints.getSettings)
      .then(({ data }) => {
        if (alive)
          setRing({ voiceCall: data.voiceCall, callRingtone: data.callRingtone, callVolume: data.call_volume });
      })
      .catch(() => undefined);
    api.accounts
      .profile()
      .then((p) => alive && setVoice(p.userSoundSettings ?? DEFAULT_VOICE_SETTINGS))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [api, tick]);

  const refresh = useCallback(() => setTick((n) => n + 1), []);
  return { ...ring, voice, refresh };
}
