import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

import { getApi } from '@honne/api-client';
import type { FieldErrors } from '@honne/contracts';
import { messages } from '@honne/contracts/messages';
import { profileEndpoints, validateChangePassword } from '@honne/contracts/profile';
import { Button, Header, Loader, TextField, usePopup } from '@honne/ui';

import { strings } from '../../strings.ts';
import { useReport } from '../shared/useReport.ts';

const FIELDS = ['password', 'new_password', 'confirm_new_password'] as const;
const EMPTY = { password: '', new_password: '', confirm_new_password: '' };

/** /changepassword: old, new, confirmation; per-field server errors; 'Password changed.' clears the fields. */
export default function ChangePassword() {
  const navigate = useNavigate();
  const popup = usePopup();
  const report = useReport();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof EMPTY) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

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
            name="password"
            autoComplete="current-password"
            value={form.password}
            onChange={set('password')}
            error={errors.password}
          />
          <TextField
            label={strings.newPassword}
            type="password"
            name="new_password"
            autoComplete="new-password"
            value={form.new_password}
            onChange={set('new_password')}
            error={errors.new_password}
            hint={strings.passwordHint}
          />
          <TextField
            label={strings.newPasswordConfirm}
            type="password"
            name="confirm_new_password"
            autoComplete="new-password"
            value={form.confirm_new_password}
            onChange={set('confirm_new_password')}
            error={errors.confirm_new_password}
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
