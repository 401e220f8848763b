import { useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'wouter';

import { getApi } from '@honne/api-client';
import type { FieldErrors } from '@honne/contracts';
import { validateVerify } from '@honne/contracts/accounts';
import { Button, usePopup } from '@honne/ui';

import { strings } from '../../strings.ts';
import { EmailField } from '../shared/EmailField.tsx';
import { CodeField } from '../shared/CodeField.tsx';
import { showError } from '../shared/errors.ts';
import { FormPage } from '../shared/FormPage.tsx';

const FIELDS = ['email', 'verify_code'] as const;

/**
 * /code: the sign-up verification step on its own route, for someone who created an account and
 * left before entering the mailed code (the login page links here when it says the address is not
 * verified). E-mail (prefilled from `?email=`), the 6-digit code, verify, and resend.
 */
export default function SignUpCode() {
  const [, navigate] = useLocation();
  const popup = usePopup();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const fail = (error: unknown) => {
    const shown = showError(error, FIELDS);
    setErrors(shown.fieldErrors);
    const message = shown.popup ?? shown.formError;
    if (message) void popup.alert(message);
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    const clientErrors = validateVerify({ email: email.trim(), verify_code: code });
    setErrors(clientErrors);
    if (Object.keys(clientErrors).length > 0) return;
    setBusy(true);
    try {
      const session = await getApi().accounts.verify({ email: email.trim(), verify_code: code });
      navigate(session.is_infomation === 0 ? '/setting-information' : '/', { replace: true });
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    const clientErrors = validateVerify({ email: email.trim(), verify_code: '000000' });
    setErrors(clientErrors);
    if (clientErrors.email) return;
    setBusy(true);
    try {
      await getApi().accounts.resendCode(email.trim());
      setErrors({});
      setCode('');
      void popup.alert(strings.resent);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormPage
      title={strings.verifyTitle}
      onBack={() => navigate('/login')}
      onSubmit={verify}
      busy={busy}
      submitLabel={strings.verifyButton}
      lead={<p style={{ margin: 0 }}>{strings.codePageLead}</p>}
      after={
        <Button variant="text" onClick={() => void resend()} disabled={busy}>
          {strings.resendCode}
        </Button>
      }
    >
      <EmailField value={email} onChange={setEmail} error={errors.email} />
      <CodeField value={code} onChange={setCode} error={errors.verify_code} />
    </FormPage>
  );
}
