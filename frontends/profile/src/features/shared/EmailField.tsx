import { TextField, type TextFieldProps } from '@honne/ui';

import { strings } from '../../strings.ts';

/**
 * An email address field as every account form has it: the mail keyboard, the browser's saved
 * address, and the spec's 100-character limit (sign-up, login, reset, the mailed-code form).
 */
export function EmailField({ label = strings.email, ...rest }: Omit<TextFieldProps, 'label'> & { label?: string }) {
  return (
    <TextField
      label={label}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      maxLength={100}
      {...rest}
    />
  );
}
