import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

import { getApi, isApiError } from '@honne/api-client';
import { messages } from '@honne/contracts/messages';
import { profileEndpoints } from '@honne/contracts/profile';
import { usePopup } from '@honne/ui';

import { strings } from '../../strings.ts';
import { CodeField } from '../shared/CodeField.tsx';
import { showError } from '../shared/errors.ts';
import { FormPage } from '../shared/FormPage.tsx';

/** /OTPConfirm: the 6-digit code; a wrong one alerts 'Invalid code'. */
export default function OtpConfirm() {
  const [, navigate] = useLocation();
  const popup = usePopup();
  const phone = useHistoryState<{ phone?: string } | null>()?.phone;
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!phone) navigate('/OTP', { replace: true });
  }, [phone, navigate]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      await popup.alert(messages.otpInvalid);
      return;
    }
    setBusy(true);
    try {
      await getApi().client.call(profileEndpoints.otpVerify, { body: { phone, code } });
      navigate('/OTPResult', { replace: true });
    } catch (err) {
      const code403 = isApiError(err) ? err.fieldErrors.code : undefined;
      const shown = showError(err, []);
      void popup.alert(code403 ?? shown.popup ?? shown.formError ?? messages.otpInvalid);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormPage
      title={strings.otpConfirmTitle}
      onBack={() => navigate('/OTP')}
      onSubmit={submit}
      busy={busy}
      submitLabel={strings.verifyButton}
      lead={<p style={{ margin: 0 }}>{strings.otpConfirmLead(phone ?? '')}</p>}
    >
      <CodeField value={code} onChange={setCode} name="code" />
    </FormPage>
  );
}
