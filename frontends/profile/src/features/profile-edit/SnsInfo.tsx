import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';

import { getApi } from '@honne/api-client';
import type { FieldErrors } from '@honne/contracts';
import { messages } from '@honne/contracts/messages';
import { profileEndpoints, snsHref, validateSns } from '@honne/contracts/profile';
import { Button, Header, Loader, Skeleton, TextField, usePopup } from '@honne/ui';

import { strings } from '../../strings.ts';
import { useProfile } from '../shared/useProfile.ts';
import { useReport } from '../shared/useReport.ts';

const KEYS = ['facebook', 'instagram', 'twitter'] as const;
type Sns = Record<(typeof KEYS)[number], string>;

/** /sns_info: three optional links; 403 field errors; https:// added when a link is shown. */
export default function SnsInfo() {
  const [, navigate] = useLocation();
  const popup = usePopup();
  const report = useReport();
  const { profile, reload } = useProfile();
  const [form, setForm] = useState<Sns | null>(null);
  const [savedLinks, setSavedLinks] = useState<Sns | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!profile || form) return;
    const v = { facebook: profile.facebook ?? '', instagram: profile.instagram ?? '', twitter: profile.twitter ?? '' };
    setForm(v);
    setSavedLinks(v);
  }, [profile, form]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form) return;
    const client = validateSns(form);
    setErrors(client);
    if (Object.keys(client).length > 0) return;
    setBusy(true);
    try {
      const { data } = await getApi().client.call(profileEndpoints.updateSns, { body: form });
      const v = { facebook: data.facebook ?? '', instagram: data.instagram ?? '', twitter: data.twitter ?? '' };
      setForm(v);
      setSavedLinks(v);
      void reload();
      void popup.alert(messages.snsSaved);
    } catch (err) {
      const shown = report(err, KEYS);
      setErrors(shown.fieldErrors);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Header title={strings.snsTitle} onBack={() => navigate('/settings')} />
      <main className="hn-page">
        <p style={{ margin: 0 }}>{strings.snsLead}</p>
        {form ? (
          <form className="hn-stack" noValidate onSubmit={submit}>
            {KEYS.map((k) => {
              const href = snsHref(savedLinks?.[k]);
              return (
                <div key={k} className="hn-stack" style={{ gap: 'var(--hn-space-1)' }}>
                  <TextField
                    label={strings[k]}
                    name={k}
                    inputMode="url"
                    autoComplete="url"
                    value={form[k]}
                    onChange={(v) => setForm({ ...form, [k]: v })}
                    error={errors[k]}
                    hint={strings.snsHint}
                  />
                  {href ? (
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="hn-text-small"
                      style={{ overflowWrap: 'anywhere' }}
                      aria-label={strings.snsOpen(strings[k])}
                    >
                      {href}
                    </a>
                  ) : null}
                </div>
              );
            })}
            <Button type="submit" block loading={busy}>
              {strings.save}
            </Button>
          </form>
        ) : (
          <Skeleton lines={3} height={56} />
        )}
      </main>
      {busy ? <Loader /> : null}
    </>
  );
}
