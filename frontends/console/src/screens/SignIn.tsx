import { useState, type FormEvent } from 'react';

import { Button, TextField } from '@honne/ui';

import { call, errorText, safetyEndpoints, type ConsoleSession } from '../api.ts';
import { strings } from '../strings.ts';
import { FormError } from '../form.tsx';

const t = strings.signIn;

/** Two steps: mail and password, then the 6-digit TOTP code; one sign-in call with all three. */
export function SignIn({ onSignedIn }: { onSignedIn: (s: ConsoleSession) => void }) {
  const [step, setStep] = useState<'password' | 'totp'>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const next = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) return setError(t.required);
    setError(undefined);
    setStep('totp');
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^[0-9]{6}$/.test(totp)) return setError(t.totpInvalid);
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn(await call(safetyEndpoints.signIn, { body: { email: email.trim(), password, totp } }));
    } catch (err) {
      setError(errorText(err));
      setTotp('');
      setBusy(false);
    }
  };

  return (
    <div className="cn-signin">
      <div className="cn-card">
        <h1>{t.heading}</h1>
        {step === 'password' ? (
          <form className="cn-form" onSubmit={next} noValidate>
            <TextField
              label={t.email}
              type="email"
              autoComplete="username"
              value={email}
              onChange={setEmail}
              autoFocus
            />
            <TextField
              label={t.password}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
            />
            <FormError error={error} />
            <Button type="submit" block>
              {t.next}
            </Button>
          </form>
        ) : (
          <form className="cn-form" onSubmit={(e) => void submit(e)} noValidate>
            <p>{t.totpHint}</p>
            <TextField
              autoFocus
              label={t.totp}
              className="cn-totp-field"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={totp}
              onChange={(v) => setTotp(v.replace(/\D/g, '').slice(0, 6))}
              error={error}
            />
            <Button type="submit" block loading={busy}>
              {t.submit}
            </Button>
            <Button
              variant="text"
              onClick={() => {
                setStep('password');
                setError(undefined);
              }}
            >
              {t.back}
            </Button>
          </form>
        )}
      </div>
    </div>
  );
}
