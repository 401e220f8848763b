import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';

import { STORAGE_KEYS, getApi } from '@honne/api-client';
import type { FieldErrors } from '@honne/contracts';
import { checkPassword } from '@honne/contracts/accounts';
import { messages } from '@honne/contracts/messages';
import { profileEndpoints } from '@honne/contracts/profile';
import { useFormFields, usePopup } from '@honne/ui';

import { strings } from '../../strings.ts';
import { showError } from '../shared/errors.ts';
import { FormPage } from '../shared/FormPage.tsx';
import { NEW_PASSWORD_LABELS, NewPasswordFields } from '../shared/NewPasswordFields.tsx';

const FIELDS = ['password', 'confirm_password'] as const;

/**
 * /reset_password: new password and confirmation. Per-field 403 errors under the fields, a
 * verify_code error as a popup (spec §5); success says 新パスワードを設定完了しました。 and replaces
 * history with /login.
 */
export default function ResetPassword() {
  const [, navigate] = useLocation();
  const popup = usePopup();
  const { storage, call } = getApi().client;
  const email = storage.getItem(STORAGE_KEYS.resetEmail);
  const code = storage.getItem(STORAGE_KEYS.verifyCode);
  const { form, setErrors, field } = useFormFields({ password: '', confirm_password: '' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!email || !code) navigate(email ? '/verify_code' : '/verify_email', { replace: true });
  }, [email, code, navigate]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const client: FieldErrors = {};
    const pe = checkPassword(form.password);
    if (pe) client.password = pe;
    else if (form.confirm_password !== form.password) client.confirm_password = messages.confirmPasswordMismatch;
    setErrors(client);
    if (Object.keys(client).length > 0) return;
    setBusy(true);
    try {
      // Read at submit time: the flow's keys live in storage (spec §3), not in this screen.
      const { data } = await call(profileEndpoints.resetPassword, {
        body: {
          email: storage.getItem(STORAGE_KEYS.resetEmail) ?? '',
          verify_code: storage.getItem(STORAGE_KEYS.verifyCode) ?? '',
          ...form,
        },
      });
      storage.removeItem(STORAGE_KEYS.resetEmail);
      storage.removeItem(STORAGE_KEYS.verifyCode);
      setBusy(false);
      // To /login first, then the popup over it: shown the other way round, the cleared keys sent
      // the screen back to the e-mail step under the popup, as if starting again (walk #53).
      navigate('/login', { replace: true });
      await popup.alert(data.message || messages.resetDone);
    } catch (err) {
      setBusy(false);
      const shown = showError(err, FIELDS);
      setErrors(shown.fieldErrors);
      const codeError = (err as { fieldErrors?: FieldErrors }).fieldErrors?.verify_code;
      const message = codeError ?? shown.popup ?? shown.formError;
      if (message) void popup.alert(message);
    }
  };

  return (
    <FormPage
      title={strings.newPasswordTitle}
      onBack={() => navigate('/verify_email')}
      onSubmit={submit}
      busy={busy}
      submitLabel={strings.setPassword}
    >
      <NewPasswordFields
        password={field('password')}
        confirm={field('confirm_password')}
        labels={NEW_PASSWORD_LABELS}
      />
    </FormPage>
  );
}
