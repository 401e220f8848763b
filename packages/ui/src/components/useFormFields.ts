import { useCallback, useState } from 'react';

import type { FieldErrors } from '@honne/contracts';

/**
 * A form's values and its per-field errors, and what a `TextField` needs for one field:
 * `<TextField label=… type="password" {...field('password')} />` binds name, value, change and error.
 */
export function useFormFields<F extends Record<string, string>>(initial: F) {
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = useCallback((name: keyof F & string) => (value: string) => setForm((f) => ({ ...f, [name]: value })), []);
  const field = (name: keyof F & string) => ({ name, value: form[name], onChange: set(name), error: errors[name] });
  return { form, setForm, errors, setErrors, set, field };
}
