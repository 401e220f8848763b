import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

import { getApi } from '@honne/api-client';
import { messages } from '@honne/contracts/messages';
import { profileEndpoints, validateChangePassword } from '@honne/contracts/profile';
import { Button, Header, Loader, TextField, useFormFields, usePopup } from '@honne/ui';

import { strings } from '../../strings.ts';
import { useReport } from '../shared/useReport.ts';

const FIELDS = ['password', 'new_password', 'confirm_new_password'] as const;
const EMPTY = { password: '', new_password: '', confirm_new_password: '' };

/** /changepassword: old, new, confirmation; per-field server errors; 'Password changed.' clears the fields. */
export default function ChangePassword() {
  const navigate = useNavigate();
  const popup = usePopup();
  const report = useReport();
  const { form, setForm, setErrors, field } = useFormFields(EMPTY);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const client = validateChangePassword(form);
    setErrors(client);
    if (Object.keys(client).length > 0) return;
    setBusy(true);
    try {
      await getApi().client.call(profileEndpoints.changePassword, { body: form });
      setForm(EMPTY);
      void popup.alert(messages.passwordChanged);
    } catch (err) {
      setErrors(report(err, FIELDS).fieldErrors);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Header title={strings.changePasswordTitle} onBack={() => navigate('/settings')} />
      <main className="hn-page">
        <form className="hn-stack" noValidate onSubmit={submit}>
          <TextField
            label={strings.currentPassword}
            type="password"
            autoComplete="current-password"
            {...field('password')}
          />
          <TextField
            label={strings.newPassword}
            type="password"
            autoComplete="new-password"
            {...field('new_password')}
            hint={strings.passwordHint}
          />
          <TextField
            label={strings.newPasswordConfirm}
            type="password"
            autoComplete="new-password"
            {...field('confirm_new_password')}
          />
          <Button type="submit" block loading={busy}>
            {strings.changeButton}
          </Button>
        </form>
      </main>
      {busy ? <Loader /> : null}
    </>
  );
}
