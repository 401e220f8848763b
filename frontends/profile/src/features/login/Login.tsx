import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';

import { validateLogin } from '@honne/contracts/accounts';
import type { FieldErrors } from '@honne/contracts';
import { STORAGE_KEYS, getApi, isApiError } from '@honne/api-client';
import { Button, Header, Loader, Logo, TextField, usePopup } from '@honne/ui';

import { strings } from '../../strings.ts';
import { EmailField } from '../shared/EmailField.tsx';
import { showError } from '../shared/errors.ts';

const FIELDS = ['email', 'password'] as const;

export default function Login() {
  const [, navigate] = useLocation();
  const popup = usePopup();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const clientErrors = validateLogin({ email, password });
    setErrors(clientErrors);
    setFormError(undefined);
    if (Object.keys(clientErrors).length > 0) return;
    setBusy(true);
    try {
      const session = await getApi().accounts.login({ email: email.trim(), password });
      getApi().client.storage.removeItem(STORAGE_KEYS.noticeToken);
      // Spec §2: success goes to /setting-information while is_infomation is 0, else /.
      navigate(session.is_infomation === 0 ? '/setting-information' : '/', { replace: true });
    } catch (error) {
      // A suspended or banned person reads why, and may appeal, on the restricted page.
      if (isApiError(error) && error.noticeToken) {
        getApi().client.storage.setItem(STORAGE_KEYS.noticeToken, error.noticeToken);
        navigate('/restricted', { replace: true });
        return;
      }
      const shown = showError(error, FIELDS);
      setErrors(shown.fieldErrors);
      setFormError(shown.formError);
      if (shown.popup) void popup.alert(shown.popup);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Header title={strings.loginTitle} />
      <main className="hn-page">
        <div style={{ display: 'flex', justifyContent: 'center', padding: 'var(--hn-space-2) 0' }}>
          <Logo size={72} />
        </div>
        <form
          className="hn-stack"
          noValidate
          onSubmit={submit}
          aria-describedby={formError ? 'login-error' : undefined}
        >
          <EmailField value={email} onChange={setEmail} error={errors.email} required />
          <TextField
            label={strings.password}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            error={errors.password}
            hint={strings.passwordHint}
            required
          />
          {formError ? (
            <p className="hn-form-error" id="login-error" role="alert">
              {formError}
            </p>
          ) : null}

          <Button type="submit" block loading={busy}>
            {strings.loginButton}
          </Button>
        </form>
        <nav style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 'var(--hn-space-1)' }}>
          <Link to="/verify_email" style={{ minHeight: 44, display: 'inline-flex', alignItems: 'center' }}>
            {strings.forgotPassword}
          </Link>
          <Link to="/tutorial" style={{ minHeight: 44, display: 'inline-flex', alignItems: 'center' }}>
            {strings.newAccount}
          </Link>
          {/* Someone who signed up and left before entering the mailed code finishes here. */}
          <Link
            to={email.trim() ? `/code?email=${encodeURIComponent(email.trim())}` : '/code'}
            style={{ minHeight: 44, display: 'inline-flex', alignItems: 'center' }}
          >
            {strings.codePageLink}
          </Link>
        </nav>
      </main>
      {busy ? <Loader /> : null}
    </>
  );
}
