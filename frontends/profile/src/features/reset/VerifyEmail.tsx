import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';

import { STORAGE_KEYS, getApi } from '@honne/api-client';
import type { FieldErrors } from '@honne/contracts';
import { profileEndpoints } from '@honne/contracts/profile';

import { strings } from '../../strings.ts';
import { EmailField } from '../shared/EmailField.tsx';
import { useReport } from '../shared/useReport.ts';
import { FormPage } from '../shared/FormPage.tsx';

/** /verify_email: the e-mail for a reset code; 403 errors.email under the field (spec §5). */
export default function VerifyEmail() {
  const [, navigate] = useLocation();
  const report = useReport();
  const { storage, call } = getApi().client;
  const [email, setEmail] = useState(() => storage.getItem(STORAGE_KEYS.resetEmail) ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      // Spec §5: any text is sent; the server answers the field error.
      const { data } = await call(profileEndpoints.requestReset, { body: { email: email.trim() } });
      storage.setItem(STORAGE_KEYS.resetEmail, data.email);
      storage.removeItem(STORAGE_KEYS.verifyCode);
      navigate('/verify_code');
    } catch (err) {
      setErrors(report(err, ['email']).fieldErrors);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormPage
      title={strings.resetTitle}
      onBack={() => navigate('/login')}
      onSubmit={submit}
      busy={busy}
      submitLabel={strings.send}
      lead={<p style={{ margin: 0 }}>{strings.verifyEmailLead}</p>}
    >
      <EmailField value={email} onChange={setEmail} error={errors.email} />
    </FormPage>
  );
}
