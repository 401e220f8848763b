import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';

import { getApi } from '@honne/api-client';
import type { FieldErrors } from '@honne/contracts';
import { friendsEndpoints } from '@honne/contracts/friends';
import { checkUserName, profileEndpoints } from '@honne/contracts/profile';
import { TextField, usePopup } from '@honne/ui';

import { strings } from '../../strings.ts';
import { useProfile } from '../shared/useProfile.ts';
import { useReport } from '../shared/useReport.ts';
import { FormPage } from '../shared/FormPage.tsx';

/** How many friends a rename would reset (0 when the list cannot be read: the confirm still asks). */
async function friendCount(): Promise<number> {
  try {
    return (await getApi().client.call(friendsEndpoints.list, { query: { per_page: 100 } })).data.length;
  } catch {
    return 0;
  }
}

/** /changeusername: POST /users/change_user_name; the server's 403 errors.user_name under the field. */
export default function ChangeUserName() {
  const [, navigate] = useLocation();
  const popup = usePopup();
  const report = useReport();
  const { profile, reload } = useProfile();
  const [name, setName] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (profile && name === null) setName(profile.user_name ?? '');
  }, [profile, name]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const error = checkUserName(name ?? '');
    setErrors(error ? { user_name: error } : {});
    if (error) return;
    const next = (name ?? '').trim();
    // The same name is no rename: nothing is removed, so nothing is sent.
    if (next === (profile?.user_name ?? '').trim()) {
      setErrors({ user_name: strings.nameUnchanged });
      return;
    }
    const friends = await friendCount();
    const ok = await popup.confirm({
      message: strings.renameConfirm(next, friends),
      confirmLabel: strings.changeButton,
      destructive: friends > 0,
    });
    if (!ok) return;
    setBusy(true);
    try {
      await getApi().client.call(profileEndpoints.changeUserNamePost, { body: { user_name: next } });
      await reload();
      setBusy(false);
      await popup.alert(strings.changed);
      navigate('/changeprofile');
    } catch (err) {
      setErrors(report(err, ['user_name']).fieldErrors);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormPage
      title={strings.changeUserNameTitle}
      onBack={() => navigate('/changeprofile')}
      onSubmit={submit}
      busy={busy}
      submitLabel={strings.changeButton}
      submitDisabled={name === null}
    >
      <TextField
        label={strings.userName}
        name="user_name"
        value={name ?? ''}
        onChange={setName}
        error={errors.user_name}
        hint={strings.userNameHint}
        disabled={name === null}
      />
      <p className="hn-text-small hn-text-muted" style={{ margin: 0 }}>
        {strings.changeUserNameNote}
      </p>
    </FormPage>
  );
}
