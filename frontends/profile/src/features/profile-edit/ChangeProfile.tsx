import { useState } from 'react';
import { useLocation } from 'wouter';

import { getApi } from '@honne/api-client';
import { profileEndpoints, type ProfileUpdateBody } from '@honne/contracts/profile';
import { Avatar, ChoiceSheet, Header, ListRow, Loader, Skeleton, usePopup } from '@honne/ui';

import { strings } from '../../strings.ts';
import { genderName, genderOptions, imageOf } from '../shared/labels.ts';
import { useReference } from '../shared/reference.ts';
import { useProfile } from '../shared/useProfile.ts';
import { useReport } from '../shared/useReport.ts';

type Sheet = 'gender' | 'age' | 'area' | null;

/** /changeprofile (spec §2 profile page): avatar, user name, gender, age group and area, each changeable. */
export default function ChangeProfile() {
  const [, navigate] = useLocation();
  const popup = usePopup();
  const report = useReport();
  const ref = useReference();
  const { profile, saved } = useProfile();
  const [sheet, setSheet] = useState<Sheet>(null);
  const [busy, setBusy] = useState(false);

  const save = async (body: ProfileUpdateBody) => {
    setSheet(null);
    setBusy(true);
    try {
      const { data } = await getApi().client.call(profileEndpoints.update, { body });
      saved(data);
      void popup.alert(strings.changed);
    } catch (e) {
      report(e);
    } finally {
      setBusy(false);
    }
  };

  const value = (v: string | null | undefined) => (profile ? (v ?? strings.notSet) : <Skeleton width={80} />);
  return (
    <>
      <Header title={strings.profileTitle} onBack={() => navigate('/mypage')} />
      <main className="hn-page" style={{ paddingLeft: 0, paddingRight: 0 }}>
        <ul className="hn-list">
          <ListRow
            label={strings.icon}
            value={
              profile ? (
                <Avatar src={imageOf(profile)} alt={strings.icon} size={56} />
              ) : (
                <Skeleton width={56} height={56} radius="50%" />
              )
            }
            onClick={() => navigate('/changeavatar')}
            actionLabel={strings.changeOf(strings.icon)}
          />
          <ListRow
            label={strings.userName}
            value={value(profile?.user_name)}
            onClick={() => navigate('/changeusername')}
            actionLabel={strings.changeOf(strings.userName)}
          />
          <ListRow
            label={strings.gender}
            value={profile ? genderName(profile.gender) : <Skeleton width={80} />}
            onClick={() => setSheet('gender')}
            actionLabel={strings.changeOf(strings.gender)}
          />
          <ListRow
            label={strings.age}
            value={value(profile?.age?.name)}
            onClick={() => ref && setSheet('age')}
            actionLabel={strings.changeOf(strings.age)}
          />
          <ListRow
            label={strings.area}
            value={value(profile?.area?.name)}
            onClick={() => ref && setSheet('area')}
            actionLabel={strings.changeOf(strings.area)}
          />
        </ul>
      </main>
      {sheet === 'gender' ? (
        <ChoiceSheet
          title={strings.gender}
          options={genderOptions}
          value={profile?.gender ? Number(profile.gender) : null}
          onClose={() => setSheet(null)}
          onChoose={(v) => void save({ gender: String(v), gender_id: v })}
        />
      ) : null}
      {sheet === 'age' && ref ? (
        <ChoiceSheet
          title={strings.age}
          options={ref.ages.map((a) => ({ value: a.id, label: a.name }))}
          value={profile?.age_id}
          onClose={() => setSheet(null)}
          onChoose={(v) => void save({ age_id: v, age: ref.ages.find((a) => a.id === v)?.name ?? '' })}
        />
      ) : null}
      {sheet === 'area' && ref ? (
        <ChoiceSheet
          title={strings.area}
          options={ref.areas.map((a) => ({ value: a.id, label: a.name }))}
          value={profile?.area_id}
          onClose={() => setSheet(null)}
          onChoose={(v) => void save({ area_id: v, area: ref.areas.find((a) => a.id === v)?.name ?? '' })}
        />
      ) : null}
      {busy ? <Loader /> : null}
    </>
  );
}
