import { TextField } from '@honne/ui';

import { strings } from '../../strings.ts';
import { codeDigits } from './code.ts';

/**
 * The 6-digit code field of sign-up, reset and OTP: a numeric keypad, the phone's one-time-code
 * autofill, and full-width digits typed with a Japanese IME turned into ASCII as they arrive.
 */
export function CodeField({
  value,
  onChange,
  error,
  hint,
  name = 'verify_code',
}: {
  value: string;
  onChange: (code: string) => void;
  error?: string;
  hint?: string;
  name?: string;
}) {
  return (
    <TextField
      label={strings.verifyCode}
      name={name}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={6}
      value={value}
      onChange={(v) => onChange(codeDigits(v))}
      error={error}
      hint={hint}
      style={{ letterSpacing: '0.4em', fontSize: 22, textAlign: 'center' }}
    />
  );
}
