import { TextField } from '@honne/ui';

import { strings } from '../../strings.ts';

type Binding = { name: string; value: string; onChange: (value: string) => void; error?: string };

interface Props {
  /** The new password's field and its confirmation, bound by the form (useFormFields' `field`). */
  password: Binding;
  confirm: Binding;
  /** Sign-up says パスワード; changing and resetting say 新しいパスワード. */
  labels: { password: string; confirm: string };
}

/** A new password twice, with the spec's rule under the first. */
export function NewPasswordFields({ password, confirm, labels }: Props) {
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        {...password}
        hint={strings.passwordHint}
      />
      <TextField label={labels.confirm} type="password" autoComplete="new-password" {...confirm} />
    </>
  );
}

export const NEW_PASSWORD_LABELS = { password: strings.newPassword, confirm: strings.newPasswordConfirm };
