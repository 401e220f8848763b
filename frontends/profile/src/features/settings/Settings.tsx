import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';

import { STORAGE_KEYS, getApi } from '@honne/api-client';
import {
  DEFAULT_RETENTION_MINUTES,
  RETENTION_OPTIONS,
  profileEndpoints,
  type Settings as SettingsData,
} from '@honne/contracts/profile';
import { Button, ChoiceSheet, Header, ListRow, Loader, Skeleton, Toggle } from '@honne/ui';

import { strings } from '../../strings.ts';
import { useLogout } from '../shared/useLogout.ts';
import { useReport } from '../shared/useReport.ts';
import { AgeAssuranceRow } from './AgeAssurance.tsx';
import { usePushOptIn } from './usePushOptIn.ts';

/** Spec §9: an unknown stored value is shown as the default, 60 minutes. */
export const retentionLabel = (minutes: number | undefined) =>
  (
    RETENTION_OPTIONS.find((o) => o.minutes === minutes) ??
    RETENTION_OPTIONS.find((o) => o.minutes === DEFAULT_RETENTION_MINUTES)!
  ).label;

/** /settings (spec §2, §4): profile, password, SNS, 年齢確認 (ADR 0031), the two toggles, this device's push opt-in (issue 14), retention, block list, terms, logout. */
export default function Settings() {
  const [, navigate] = useLocation();
  const report = useReport();
  const { logout, busy: loggingOut } = useLogout();
  const { storage, call } = { storage: getApi().client.storage, call: getApi().client.call };
  const [settings, setSettings] = useState<SettingsData | null>(null);
  const [messageSound, setMessageSound] = useState(() => storage.getItem(STORAGE_KEYS.messageSound) !== '0');
  const [retentionOpen, setRetentionOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const rows = strings.settingsRows;
  const push = usePushOptIn(report);

  useEffect(() => {
    let alive = true;
    call(profileEndpoints.getSettings)
      .then((r) => alive && setSettings(r.data))
      .catch((e: unknown) => alive && report(e));
    return () => {
      alive = false;
    };
  }, [call, report]);

  // Spec §4: flips at once, sends the update, and goes back if the save fails.
  const setVoiceCall = async (on: boolean) => {
    if (!settings) return;
    const before = settings;
    setSettings({ ...settings, voiceCall: on });
    try {
      const { data } = await call(profileEndpoints.putSettings, { body: { voiceCall: on } });
      setSettings(data);
    } catch (e) {
      setSettings(before);
      report(e);
    }
  };

  const setRetention = async (minutes: number) => {
    setRetentionOpen(false);
    setBusy(true);
    try {
      const { data } = await call(profileEndpoints.putSettings, { body: { saved_message_time: minutes } });
      setSettings(data);
    } catch (e) {
      report(e);
    } finally {
      setBusy(false);
    }
  };

  const toggleSound = (on: boolean) => {
    storage.setItem(STORAGE_KEYS.messageSound, on ? '1' : '0');
    setMessageSound(on);
  };

  return (
    <>
      <Header title={strings.settingsTitle} onBack={() => navigate('/mypage')} />
      <main className="hn-page" style={{ paddingLeft: 0, paddingRight: 0 }}>
        <ul className="hn-list">
          <ListRow label={rows.profile} onClick={() => navigate('/changeprofile')} />
          <ListRow label={rows.password} onClick={() => navigate('/changepassword')} />
          <ListRow label={rows.sns} onClick={() => navigate('/sns_info')} />
          <AgeAssuranceRow report={report} />
          <ListRow
            label={rows.messageSound}
            control={<Toggle label={rows.messageSound} hideLabel checked={messageSound} onChange={toggleSound} />}
          />
          <ListRow
            label={
              <>
                {rows.greetingCall}
                <span className="hn-text-small hn-text-muted" style={{ display: 'block', fontWeight: 400 }}>
                  {rows.greetingCallHint}
                </span>
              </>
            }
            control={
              settings ? (
                <Toggle
                  label={rows.greetingCall}
                  hideLabel
                  checked={settings.voiceCall}
                  onChange={(v) => void setVoiceCall(v)}
                />
              ) : (
                <Skeleton width={80} height={30} />
              )
            }
          />
          <ListRow
            label={rows.push}
            control={
              push.status === 'loading' ? (
                <Skeleton width={80} height={30} />
              ) : (
                <Toggle
                  label={rows.push}
                  hideLabel
                  checked={push.status === 'on'}
                  disabled={push.status === 'unsupported' || push.busy}
                  onChange={(v) => void push.setEnabled(v)}
                />
              )
            }
          />
          {push.status === 'on' ? (
            <ListRow
              label={rows.pushText}
              control={
                <Toggle
                  label={rows.pushText}
                  hideLabel
                  checked={push.showText}
                  disabled={push.busy}
                  onChange={(v) => void push.setShowText(v)}
                />
              }
            />
          ) : null}
          <li className="hn-row" aria-live="polite">
            <p className="hn-text-small" style={{ margin: 0, padding: 'var(--hn-space-2) var(--hn-space-5)' }}>
              {push.notice ?? strings.push.hint}
            </p>
          </li>
          <ListRow
            label={rows.retention}
            value={settings ? retentionLabel(settings.saved_message_time) : <Skeleton width={48} />}
            onClick={() => settings && setRetentionOpen(true)}
          />
          <ListRow label={rows.blocklist} onClick={() => navigate('/blocklist')} />
          <ListRow label={rows.terms} onClick={() => navigate('/term_of_use')} />
        </ul>
        <div style={{ padding: '0 var(--hn-space-5)' }}>
          <Button variant="secondary" block onClick={() => void logout()} loading={loggingOut}>
            {strings.logout}
          </Button>
        </div>
      </main>
      {retentionOpen && settings ? (
        <ChoiceSheet
          title={rows.retention}
          options={RETENTION_OPTIONS.map((o) => ({ value: o.minutes, label: o.label }))}
          value={
            RETENTION_OPTIONS.some((o) => o.minutes === settings.saved_message_time)
              ? settings.saved_message_time
              : DEFAULT_RETENTION_MINUTES
          }
          onClose={() => setRetentionOpen(false)}
          onChoose={(v) => void setRetention(v)}
        />
      ) : null}
      {busy || loggingOut ? <Loader /> : null}
    </>
  );
}
