import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';

import { BLOOD_TYPES, PERSONALITIES, RATINGS } from '@honne/contracts/profile';
import { Button, ChipGroup, Header, Loader, RatingPicker, Skeleton } from '@honne/ui';

import { strings } from '../../strings.ts';
import { useProfile } from '../shared/useProfile.ts';

import { REG, useRegistration } from './context.tsx';
import { bloodBody, registrationFromProfile, type BloodDraft } from './progress.ts';
import { useEditSave } from './useEditSave.ts';

/** Blood type, personality and the five 1–5 ratings (spec §2); the -1 variant saves and edits tags next. */
export function BloodStep({ edit }: { edit: boolean }) {
  const [, navigate] = useLocation();
  const { info, update } = useRegistration();
  // Only the edit variant starts from the saved profile.
  const { profile } = useProfile(edit);
  const { save, busy } = useEditSave();
  const [blood, setBlood] = useState<BloodDraft | null>(edit ? null : info.blood);

  useEffect(() => {
    if (edit && profile && !blood) setBlood(registrationFromProfile(profile).blood);
  }, [edit, profile, blood]);

  const next = async () => {
    if (!blood) return;
    if (!edit) {
      update({ blood });
      navigate(`${REG}/character-setting`);
      return;
    }
    if (await save({ userBloodSettings: bloodBody(blood) })) navigate(`${REG}/character-setting-1`);
  };

  return (
    <>
      <Header title={strings.bloodTitle} onBack={() => navigate(edit ? '/mypage' : `${REG}/sound-setting`)} />
      <main className="hn-page">
        {blood ? (
          <>
            <section className="hn-card hn-stack">
              <ChipGroup
                legend={strings.bloodType}
                options={BLOOD_TYPES.map((t) => ({ value: t, label: strings.bloodTypeName(t) }))}
                value={blood.bloodType}
                onChange={(v) => setBlood({ ...blood, bloodType: v })}
                size="large"
              />
              <ChipGroup
                legend={strings.personality}
                options={PERSONALITIES.map((p) => ({ value: p.value, label: p.name }))}
                value={blood.personality}
                onChange={(v) => setBlood({ ...blood, personality: v })}
                size="large"
              />
            </section>
            <section className="hn-card hn-stack" aria-labelledby="ratings-heading">
              <div>
                <h2 className="hn-title" id="ratings-heading" style={{ fontSize: 'var(--hn-font-size-large)' }}>
                  {strings.ratingsHeading}
                </h2>
                <p className="hn-text-small hn-text-muted" style={{ margin: 0 }}>
                  {strings.ratingsNote}
                </p>
              </div>
              {RATINGS.map((r) => (
                <RatingPicker
                  key={r.key}
                  label={r.name}
                  value={blood[r.key]}
                  onChange={(v) => setBlood({ ...blood, [r.key]: v })}
                />
              ))}
            </section>
          </>
        ) : (
          <Skeleton height={400} />
        )}
        <Button block onClick={() => void next()} disabled={!blood} loading={busy}>
          {strings.next}
        </Button>
      </main>
      {busy ? <Loader /> : null}
    </>
  );
}
