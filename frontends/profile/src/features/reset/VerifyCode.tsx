import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';

import { STORAGE_KEYS, getApi } from '@honne/api-client';
import type { FieldErrors } from '@honne/contracts';
import { messages } from '@honne/contracts/messages';
import { profileEndpoints } from '@honne/contracts/profile';

import { Button, usePopup } from '@honne/ui';

import { strings } from '../../strings.ts';
import { CodeField } from '../shared/CodeField.tsx';
import { useReport } from '../shared/useReport.ts';
import { FormPage } from '../shared/FormPage.tsx';

/** /verify_code: the 6-digit reset code; on success history is replaced with /reset_password. */
export default function VerifyCode() {
  const [, navigate] = useLocation();
  const report = useReport();
  const { storage, call } = getApi().client;
  const email = storage.getItem(STORAGE_KEYS.resetEmail);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const popup = usePopup();

  useEffect(() => {
    if (!email) navigate('/verify_email', { replace: true });
  }, [email, navigate]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setErrors({ verify_code: messages.verifyCodeFormat });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await call(profileEndpoints.verifyReset, { body: { email: email ?? '', verify_code: code } });
      storage.setItem(STORAGE_KEYS.verifyCode, code);
      navigate('/reset_password', { replace: true });
    } catch (err) {
      setErrors(report(err, ['verify_code']).fieldErrors);
    } finally {
      setBusy(false);
    }
  };

  // A new code, as the sign-up code screen offers (walk #53): the same request as the e-mail step.
  const resend = async () => {
    setBusy(true);
    try {
      await call(profileEndpoints.requestReset, { body: { email: email ?? '' } });
      setCode('');
      setErrors({});
      void popup.alert(strings.resent);
    } catch (err) {
      setErrors(report(err, ['verify_code']).fieldErrors);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormPage
      title={strings.verifyTitle}
      onBack={() => navigate('/verify_email')}
      onSubmit={submit}
      busy={busy}
      submitLabel={strings.verifyButton}
      lead={<p style={{ margin: 0, overflowWrap: 'anywhere' }}>{strings.verifyCodeLead(email ?? '')}</p>}
      after={
        <Button variant="text" onClick={() => void resend()} disabled={busy}>
          {strings.resendCode}
        </Button>
      }
    >
      <CodeField value={code} onChange={setCode} error={errors.verify_code} />
    </FormPage>
  );
}
