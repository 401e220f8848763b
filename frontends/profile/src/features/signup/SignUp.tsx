import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';

import { validateSignUp, validateVerify, type SignUpResult } from '@honne/contracts/accounts';
import type { FieldErrors } from '@honne/contracts';
import { getApi } from '@honne/api-client';
import { Button, Checkbox, Header, Loader, useFormFields, usePopup } from '@honne/ui';

import { strings } from '../../strings.ts';
import { EmailField } from '../shared/EmailField.tsx';
import { CodeField } from '../shared/CodeField.tsx';
import { showError } from '../shared/errors.ts';
import { TermsBody } from '../terms/Terms.tsx';
import { FormPage } from '../shared/FormPage.tsx';
import { NewPasswordFields } from '../shared/NewPasswordFields.tsx';

const FORM_FIELDS = ['email', 'confirm_email', 'password', 'confirm_password', 'agree_terms'] as const;
const VERIFY_FIELDS = ['verify_code'] as const;

type Form = {
  email: string;
  confirm_email: string;
  password: string;
  confirm_password: string;
};

/**
 * Account creation (spec §2, §4, §5): the form with the terms gate, then the 6-digit code step.
 * The checkbox can be ticked only after the terms were opened; create stays disabled until ticked.
 */
export default function SignUp() {
  const [, navigate] = useLocation();
  const popup = usePopup();
  const { form, errors, setErrors, field } = useFormFields<Form>({
    email: '',
    confirm_email: '',
    password: '',
    confirm_password: '',
  });
  const [termsOpened, setTermsOpened] = useState(false);
  const [showTerms, setShowTerms] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<SignUpResult | null>(null);
  const [code, setCode] = useState('');
  const [codeErrors, setCodeErrors] = useState<FieldErrors>({});

  const fail = (error: unknown, fields: readonly string[], setFieldErrors: (e: FieldErrors) => void) => {
    const shown = showError(error, fields);
    setFieldErrors(shown.fieldErrors);
    // Spec §8: other sign-up failures are an alert with the error.
    const message = shown.popup ?? shown.formError;
    if (message) void popup.alert(message);
  };

  const create = async (e: FormEvent) => {
    e.preventDefault();
    const clientErrors = validateSignUp({ ...form, agree_terms: agreed });
    setErrors(clientErrors);
    if (Object.keys(clientErrors).length > 0) return;
    setBusy(true);
    try {
      const result = await getApi().accounts.signUp({
        ...form,
        email: form.email.trim(),
        confirm_email: form.confirm_email.trim(),
      });
      setPending(result);
      setCode('');
      setCodeErrors({});
    } catch (error) {
      fail(error, FORM_FIELDS, setErrors);
    } finally {
      setBusy(false);
    }
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (!pending) return;
    const clientErrors = validateVerify({ email: pending.email, verify_code: code });
    setCodeErrors(clientErrors);
    if (Object.keys(clientErrors).length > 0) return;
    setBusy(true);
    try {
      const session = await getApi().accounts.verify({ email: pending.email, verify_code: code });
      // Spec §4: an active result is logged in and goes on to onboarding.
      navigate(session.is_infomation === 0 ? '/registration-information' : '/', { replace: true });
    } catch (error) {
      fail(error, VERIFY_FIELDS, setCodeErrors);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      setPending(await getApi().accounts.resendCode(pending.email));
      // A new code starts afresh: the old code's lockout or expiry message no longer applies.
      setCodeErrors({});
      setCode('');
      void popup.alert(strings.resent);
    } catch (error) {
      fail(error, VERIFY_FIELDS, setCodeErrors);
    } finally {
      setBusy(false);
    }
  };

  if (showTerms) {
    return (
      <>
        <Header title={strings.termsTitle} onBack={() => setShowTerms(false)} />
        <TermsBody />
        <div
          className="hn-page"
          style={{ paddingTop: 0, position: 'sticky', bottom: 0, background: 'var(--hn-color-bg)' }}
        >
          <Button block onClick={() => setShowTerms(false)}>
            {strings.termsClose}
          </Button>
        </div>
      </>
    );
  }

  if (pending) {
    return (
      <FormPage
        title={strings.verifyTitle}
        onBack={() => setPending(null)}
        onSubmit={verify}
        busy={busy}
        submitLabel={strings.verifyButton}
        lead={<p style={{ margin: 0, overflowWrap: 'anywhere' }}>{strings.verifyLead(pending.email)}</p>}
        after={
          <Button variant="text" onClick={() => void resend()} disabled={busy}>
            {strings.resendCode}
          </Button>
        }
      >
        <CodeField
          value={code}
          onChange={setCode}
          error={codeErrors.verify_code}
          hint={
            pending.verify_code_expires_in > 0
              ? strings.codeValidFor(Math.round(pending.verify_code_expires_in / 60))
              : undefined
          }
        />
      </FormPage>
    );
  }

  return (
    <>
      <Header title={strings.signUpTitle} onBack={() => navigate('/login')} />
      <main className="hn-page">
        <form className="hn-stack" noValidate onSubmit={create}>
          <EmailField {...field('email')} />
          <EmailField label={strings.emailConfirm} {...field('confirm_email')} />
          <NewPasswordFields
            password={field('password')}
            confirm={field('confirm_password')}
            labels={{ password: strings.password, confirm: strings.passwordConfirm }}
          />
          <Checkbox
            checked={agreed}
            disabled={!termsOpened}
            disabledReason={strings.termsGateNote}
            error={errors.agree_terms}
            onChange={setAgreed}
            label={
              <>
                <button
                  type="button"
                  className="hn-button hn-button--text"
                  style={{ padding: 0, minHeight: 0, minWidth: 0, display: 'inline', verticalAlign: 'baseline' }}
                  onClick={(e) => {
                    e.preventDefault();
                    setTermsOpened(true);
                    setShowTerms(true);
                  }}
                >
                  {strings.termsLink}
                </button>
                {strings.termsAgreeSuffix}
              </>
            }
          />
          <Button type="submit" block disabled={!agreed} loading={busy}>
            {strings.createButton}
          </Button>
        </form>
        <Button variant="text" onClick={() => navigate('/login')}>
          {strings.haveAccount}
        </Button>
      </main>
      {busy ? <Loader /> : null}
    </>
  );
}
