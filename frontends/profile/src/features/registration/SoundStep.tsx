import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';

import { Button, Header, Loader, Skeleton, Slider, usePopup } from '@honne/ui';

import { strings } from '../../strings.ts';
import { useProfile } from '../shared/useProfile.ts';

import { REG, useRegistration } from './context.tsx';
import type { RegistrationInfo } from './progress.ts';
import { useEditSave } from './useEditSave.ts';
import { VoicePreview } from './VoicePreview.tsx';

type Sound = RegistrationInfo['sound'];
const KEYS = ['setting1', 'setting2', 'setting3'] as const;

/** Voice changer (spec §2): three sliders, 30/50/40 at first; the -1 variant edits the saved ones. */
export function SoundStep({ edit }: { edit: boolean }) {
  const [, navigate] = useLocation();
  const popup = usePopup();
  const { info, update } = useRegistration();
  // Only the edit variant starts from the saved profile.
  const { profile } = useProfile(edit);
  const { save, busy } = useEditSave();
  const [sound, setSound] = useState<Sound | null>(edit ? null : info.sound);

  useEffect(() => {
    if (edit && profile && !sound) setSound({ ...profile.userSoundSettings });
  }, [edit, profile, sound]);

  const next = async () => {
    if (!sound) return;
    if (!edit) {
      update({ sound });
      navigate(`${REG}/blood-setting`);
      return;
    }
    if (await save({ userSoundSettings: sound })) {
      // Back to my page first: however the 保存しました。 popup is closed, the user is there.
      navigate('/mypage');
      void popup.alert(strings.saved);
    }
  };

  return (
    <>
      <Header title={strings.soundTitle} onBack={() => navigate(edit ? '/mypage' : `${REG}/confirm`)} />
      <main className="hn-page">
        <p style={{ margin: 0 }}>{strings.soundLead}</p>
        <section className="hn-card hn-stack" aria-busy={!sound}>
          {sound
            ? KEYS.map((k, i) => (
                <Slider
                  key={k}
                  label={strings.soundLabels[i]!}
                  value={sound[k]}
                  onChange={(v) => setSound({ ...sound, [k]: v })}
                />
              ))
            : KEYS.map((k) => <Skeleton key={k} height={64} />)}
          {sound ? <VoicePreview settings={sound} /> : null}
        </section>
        <Button block onClick={() => void next()} disabled={!sound} loading={busy}>
          {edit ? strings.save : strings.next}
        </Button>
      </main>
      {busy ? <Loader /> : null}
    </>
  );
}
