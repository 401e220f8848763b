import { useState } from 'react';
import { useLocation } from 'wouter';

import { STORAGE_KEYS, getApi } from '@honne/api-client';
import { avatarPath, defaultAvatarFor } from '@honne/avatars';
import { RATINGS, profileEndpoints } from '@honne/contracts/profile';
import { Avatar, Button, Header, Loader, Skeleton, usePopup } from '@honne/ui';

import { strings } from '../../strings.ts';
import { bloodName, personalityName, summaryGender } from '../shared/labels.ts';
import { Meter, TagList } from '../shared/ProfileBits.tsx';
import { useReference } from '../shared/reference.ts';
import { useReport } from '../shared/useReport.ts';

import { REG, useRegistration } from './context.tsx';
import { clearProgress, registrationBody } from './progress.ts';

/** /registration-information/result-setting: the summary; next completes onboarding and goes home. */
export function ResultStep() {
  const [, navigate] = useLocation();
  const popup = usePopup();
  const report = useReport();
  const ref = useReference();
  const { info, avatar } = useRegistration();
  const [busy, setBusy] = useState(false);
  const image = avatar?.imageUri ?? avatarPath(defaultAvatarFor(String(info.gender_id ?? '')));
  const ageName = ref?.ages.find((a) => a.id === info.age_id)?.name ?? '';
  const areaName = ref?.areas.find((a) => a.id === info.area_id)?.name ?? '';

  const finish = async () => {
    if (!info.user_name || !info.gender_id || !info.age_id || !info.area_id) {
      await popup.alert(strings.missingBasics);
      navigate(REG);
      return;
    }
    setBusy(true);
    try {
      const { client } = getApi();
      const { data } = await client.call(profileEndpoints.update, {
        body: registrationBody(info, avatar, { age: ageName, area: areaName }),
      });
      clearProgress(client.storage);
      client.storage.setItem(STORAGE_KEYS.tabIndex, '2');
      client.session.update({ profile: data, is_infomation: data.is_infomation });
      navigate('/', { replace: true });
    } catch (e) {
      report(e);
      setBusy(false);
    }
  };

  return (
    <>
      <Header title={strings.resultTitle} onBack={() => navigate(`${REG}/character-setting`)} />
      <main className="hn-page">
        <h2 className="hn-title hn-text-center">{strings.resultHeading}</h2>
        <section className="hn-card hn-stack" style={{ alignItems: 'center' }} aria-busy={!ref}>
          <Avatar src={image} alt={info.user_name} size={112} />
          <p className="hn-title" style={{ fontSize: 'var(--hn-font-size-display)' }}>
            {info.user_name}
          </p>
          <p className="hn-text-muted" style={{ margin: 0 }}>
            {ref ? (
              [areaName, summaryGender(info.gender_id), ageName].filter(Boolean).join('・')
            ) : (
              <Skeleton width={160} />
            )}
          </p>
        </section>
        <section className="hn-card">
          <dl className="hn-summary">
            <dt>{strings.bloodType}</dt>
            <dd>{bloodName(info.blood.bloodType)}</dd>
            <dt>{strings.personality}</dt>
            <dd>{personalityName(info.blood.personality)}</dd>
            {RATINGS.map((r) => (
              <FragmentRow key={r.key} label={r.name} value={info.blood[r.key]} />
            ))}
          </dl>
        </section>
        <section className="hn-card hn-stack" aria-labelledby="result-tags">
          <h3 className="hn-field__label" id="result-tags" style={{ margin: 0 }}>
            {strings.characterTitle}
          </h3>
          <TagList tags={info.tags} />
        </section>
        <Button block onClick={() => void finish()} loading={busy} disabled={!ref}>
          {strings.next}
        </Button>
      </main>
      {busy ? <Loader /> : null}
    </>
  );
}

function FragmentRow({ label, value }: { label: string; value: number }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <Meter value={value} label={label} />
      </dd>
    </>
  );
}
