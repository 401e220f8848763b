import { useState, type FormEvent } from 'react';

import { errorText } from './api.ts';

/**
 * A form's submit: the page's own submit prevented, the last error cleared, `act` run, and what it
 * threw shown (the server's Japanese message, or a rule's own `new Error(message)`).
 */
export function useFormSubmit(act: () => Promise<void>) {
  const [error, setError] = useState<string | undefined>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      await act();
    } catch (err) {
      setError(errorText(err));
    }
  };
  return { submit, error };
}

/** A form's error, announced as it appears. */
export function FormError({ error }: { error: string | undefined }) {
  return error ? (
    <p className="cn-error" role="alert">
      {error}
    </p>
  ) : null;
}
