import { useEffect, useState } from 'react';

import { getApi } from '@honne/api-client';
import { ageEndpoints, type AgeAssurance as AgeAssuranceData } from '@honne/contracts/age';
import { BottomSheet, Button, ListRow, Skeleton } from '@honne/ui';

import { strings } from '../../strings.ts';

const t = strings.ageAssurance;

/** The row's value: the state, or where the last review stands (審査中 / 確認済み / 却下). */
function label(a: AgeAssuranceData): string {
  if (a.state !== 'self_declared_adult') return t.state[a.state];
  if (a.review === 'pending') return t.pending;
  if (a.review === 'rejected') return t.rejected;
  return t.state.self_declared_adult;
}

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

/**
 * 年齢確認 in /settings (ADR 0031): the person's state, and a sheet to send an ID photo for an
 * operator to verify 18+. The server checks the photo by its bytes and size; the photo is deleted
 * once reviewed. Contact details in 1:1 chats pass only between verified adults.
 */
export function AgeAssuranceRow({ report }: { report: (e: unknown) => void }) {
  const call = getApi().client.call;
  const [data, setData] = useState<AgeAssuranceData | null>(null);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<string | undefined>();

  useEffect(() => {
    let alive = true;
    call(ageEndpoints.ageAssurance)
      .then((r) => alive && setData(r.data))
      .catch((e: unknown) => alive && report(e));
    return () => {
      alive = false;
    };
  }, [call, report]);

  const send = async () => {
    if (!file) return;
    setSending(true);
    try {
      const { data: after } = await call(ageEndpoints.uploadAgeDocument, {
        body: { image: await readAsDataUrl(file) },
      });
      setData(after);
      setFile(null);
      setNotice(t.sent);
    } catch (e) {
      report(e);
    } finally {
      setSending(false);
    }
  };

  const mayUpload = data !== null && data.state === 'self_declared_adult' && data.review !== 'pending';
  return (
    <>
      <ListRow
        label={strings.settingsRows.age}
        value={data ? <span data-testid="age-state">{label(data)}</span> : <Skeleton width={48} />}
        onClick={() => data && setOpen(true)}
      />
      {open && data ? (
        <BottomSheet title={strings.settingsRows.age} onClose={() => setOpen(false)}>
          <div style={{ display: 'grid', gap: 'var(--hn-space-3)' }} data-testid="age-sheet">
            <p className="hn-text-small" style={{ margin: 0 }}>
              {t.why}
            </p>
            {data.state === 'verified_adult' ? <p role="status">{t.verified}</p> : null}
            {data.state === 'minor' ? <p role="status">{t.minor}</p> : null}
            {data.state === 'self_declared_adult' && data.review === 'pending' ? (
              <p role="status">{notice ?? t.waiting}</p>
            ) : null}
            {data.state === 'self_declared_adult' && data.review === 'rejected' && data.reason ? (
              <p role="status">{t.rejectedReason(data.reason)}</p>
            ) : null}
            {mayUpload ? (
              <>
                <p className="hn-text-small" style={{ margin: 0 }}>
                  {t.lead}
                </p>
                <label className="hn-text-small">
                  {t.choose}
                  <input
                    type="file"
                    accept="image/jpeg,image/png,image/webp"
                    style={{ display: 'block', marginTop: 'var(--hn-space-2)' }}
                    onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                  />
                </label>
                <Button block disabled={!file} loading={sending} onClick={() => void send()}>
                  {t.send}
                </Button>
              </>
            ) : null}
          </div>
        </BottomSheet>
      ) : null}
    </>
  );
}
