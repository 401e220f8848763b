import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';

import { getApi } from '@honne/api-client';
import { messages } from '@honne/contracts/messages';
import { profileEndpoints } from '@honne/contracts/profile';
import { usePopup } from '@honne/ui';

import { strings } from '../../strings.ts';
import { showError } from '../shared/errors.ts';
import { FormPage } from '../shared/FormPage.tsx';

/** /OTP (prototype phone sign-in): +81 is added; an empty number alerts 'Please enter the phone number'. */
export default function Otp() {
  const [, navigate] = useLocation();
  const popup = usePopup();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    if (phone.trim() === '') {
      await popup.alert(messages.phoneRequired);
      return;
    }
    setBusy(true);
    try {
      const { data } = await getApi().client.call(profileEndpoints.otp, {
        body: { phone: `${strings.phonePrefix}${phone.trim().replace(/^0/, '')}` },
      });
      navigate('/OTPConfirm', { state: { phone: data.phone } });
    } catch (err) {
      const shown = showError(err, ['phone']);
      setError(shown.fieldErrors.phone);
      const message = shown.popup ?? shown.formError;
      if (message) void popup.alert(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormPage
      title={strings.otpTitle}
      onBack={() => navigate('/login')}
      onSubmit={submit}
      busy={busy}
      submitLabel={strings.sendCode}
      lead={<p style={{ margin: 0 }}>{strings.otpLead}</p>}
    >
      <div className="hn-field">
        <label className="hn-field__label" htmlFor="otp-phone">
          {strings.phone}
        </label>
        <div style={{ display: 'flex', gap: 'var(--hn-space-2)' }}>
          <span
            className="hn-field__input"
            style={{
              width: 'auto',
              flex: 'none',
              display: 'inline-flex',
              alignItems: 'center',
              background: 'var(--hn-color-surface-muted)',
            }}
          >
            {strings.phonePrefix}
          </span>
          <input
            id="otp-phone"
            className="hn-field__input"
            type="tel"
            name="phone"
            autoComplete="tel-national"
            inputMode="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`otp-phone-hint${error ? ' otp-phone-error' : ''}`}
          />
        </div>
        <p className="hn-field__hint" id="otp-phone-hint">
          {strings.phoneHint}
        </p>
        {error ? (
          <p className="hn-field__error" id="otp-phone-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </FormPage>
  );
}
