import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';

import { getApi } from '@honne/api-client';
import type { FieldErrors } from '@honne/contracts';
import { messages } from '@honne/contracts/messages';
import { checkUserName, profileEndpoints } from '@honne/contracts/profile';
import { Button, Header, Loader, Logo, SelectField, Skeleton, TextField } from '@honne/ui';

import { strings } from '../../strings.ts';
import { genderOptions } from '../shared/labels.ts';
import { useReference } from '../shared/reference.ts';
import { useLogout } from '../shared/useLogout.ts';
import { useReport } from '../shared/useReport.ts';

import { REG, useRegistration } from './context.tsx';
import { needsAvatarStep } from './progress.ts';

const FIELDS = ['user_name', 'gender', 'age', 'area'] as const;

/** Step 1: user name, gender, age band and area; the basics are saved (and checked) by the server. */
export function InfoStep() {
  const [, navigate] = useLocation();
  const report = useReport();
  const ref = useReference();
  const { logout, busy: loggingOut } = useLogout();
  const { info, avatar, update, setAvatar } = useRegistration();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // A field's message goes away as soon as that field is changed.
  const set = (field: string, patch: Parameters<typeof update>[0]) => {
    update(patch);
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  const decide = async (e: FormEvent) => {
    e.preventDefault();
    const client: FieldErrors = {};
    const nameError = checkUserName(info.user_name);
    if (nameError) client.user_name = nameError;
    if (!info.gender_id) client.gender = messages.genderRequired;
    if (!info.age_id) client.age = messages.ageRequired;
    if (!info.area_id) client.area = messages.areaRequired;
    setErrors(client);
    if (Object.keys(client).length > 0) return;
    setBusy(true);
    try {
      const { data } = await getApi().client.call(profileEndpoints.update, {
        body: {
          user_name: info.user_name.trim(),
          gender: String(info.gender_id),
          gender_id: info.gender_id!,
          age_id: info.age_id!,
          age: ref?.ages.find((a) => a.id === info.age_id)?.name ?? '',
          area_id: info.area_id!,
          area: ref?.areas.find((a) => a.id === info.area_id)?.name ?? '',
        },
      });
      getApi().client.session.update({ profile: data });
      const changed = needsAvatarStep(info);
      // A default avatar chosen for another gender or age no longer fits.
      if (changed && avatar?.source === 'avatar') setAvatar(null);
      update({ decided: { gender_id: info.gender_id!, age_id: info.age_id! } });
      navigate(changed ? `${REG}/avatar` : `${REG}/confirm`);
    } catch (error) {
      setErrors(report(error, FIELDS).fieldErrors);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Header title={strings.registrationTitle} />
      <main className="hn-page">
        <div style={{ display: 'flex', alignItems: 'center', gap: 'var(--hn-space-3)' }}>
          <Logo size={48} />
          <div>
            <h2 className="hn-title">{strings.registrationHeading}</h2>
            <p className="hn-text-small hn-text-muted" style={{ margin: 0 }}>
              {strings.registrationLead}
            </p>
          </div>
        </div>
        <form className="hn-stack" noValidate onSubmit={decide} aria-busy={!ref}>
          <TextField
            label={strings.userName}
            name="user_name"
            autoComplete="nickname"
            value={info.user_name}
            onChange={(v) => set('user_name', { user_name: v })}
            error={errors.user_name}
            hint={strings.userNameHint}
          />
          <SelectField
            label={strings.gender}
            value={info.gender_id}
            options={genderOptions}
            onChange={(v) => set('gender', { gender_id: v })}
            error={errors.gender}
            placeholder={strings.choose}
          />
          {ref ? (
            <>
              <SelectField
                label={strings.age}
                value={info.age_id}
                options={ref.ages.map((a) => ({ value: a.id, label: a.name }))}
                onChange={(v) => set('age', { age_id: v })}
                error={errors.age}
                placeholder={strings.choose}
              />
              <SelectField
                label={strings.area}
                value={info.area_id}
                options={ref.areas.map((a) => ({ value: a.id, label: a.name }))}
                onChange={(v) => set('area', { area_id: v })}
                error={errors.area}
                placeholder={strings.choose}
              />
            </>
          ) : (
            <>
              <Skeleton height={68} />
              <Skeleton height={68} />
            </>
          )}
          <Button type="submit" block loading={busy} disabled={!ref}>
            {strings.decide}
          </Button>
        </form>
        <Button variant="text" onClick={() => void logout()} disabled={loggingOut}>
          {strings.logout}
        </Button>
      </main>
      {busy || loggingOut ? <Loader /> : null}
    </>
  );
}
