import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';

import { getApi } from '@honne/api-client';
import { messages } from '@honne/contracts/messages';
import { profileEndpoints, validateChangePassword } from '@honne/contracts/profile';
import { TextField, useFormFields, usePopup } from '@honne/ui';

import { strings } from '../../strings.ts';
import { useReport } from '../shared/useReport.ts';
import { FormPage } from '../shared/FormPage.tsx';
import { NEW_PASSWORD_LABELS, NewPasswordFields } from '../shared/NewPasswordFields.tsx';

const FIELDS = ['password', 'new_password', 'confirm_new_password'] as const;
const EMPTY = { password: '', new_password: '', confirm_new_password: '' };

/** /changepassword: old, new, confirmation; per-field server errors; 'Password changed.' clears the fields. */
export default function ChangePassword() {
  const [, navigate] = useLocation();
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
    <FormPage
      title={strings.changePasswordTitle}
      onBack={() => navigate('/settings')}
      onSubmit={submit}
      busy={busy}
      submitLabel={strings.changeButton}
    >
      <TextField
        label={strings.currentPassword}
        type="password"
        autoComplete="current-password"
        {...field('password')}
      />
      <NewPasswordFields
        password={field('new_password')}
        confirm={field('confirm_new_password')}
        labels={NEW_PASSWORD_LABELS}
      />
    </FormPage>
  );
}
