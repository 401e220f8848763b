import { Button, Header, Loader } from '@honne/ui';
import type { FormEvent, ReactNode } from 'react';

interface Props {
  title: string;
  onBack?: () => void;
  onSubmit: (e: FormEvent) => void;
  busy: boolean;
  submitLabel: string;
  submitDisabled?: boolean;
  /** Above the form: what the page asks for. */
  lead?: ReactNode;
  /** Below the form: other ways on (resend, links). */
  after?: ReactNode;
  /** The form's fields. */
  children: ReactNode;
}

/** A page that is one form: header, fields, the submit button, and the loader while it is sent. */
export function FormPage({ title, onBack, onSubmit, busy, submitLabel, submitDisabled, lead, after, children }: Props) {
  return (
    <>
      <Header title={title} onBack={onBack} />
      <main className="hn-page">
        {lead}
        <form className="hn-stack" noValidate onSubmit={onSubmit}>
          {children}
          <Button type="submit" block loading={busy} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </form>
        {after}
      </main>
      {busy ? <Loader /> : null}
    </>
  );
}
