import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

import { Button, Header, Loader } from '@honne/ui';

import { strings } from '../../strings.ts';
import { useLogout } from '../shared/useLogout.ts';

function Row({ label, onClick, children }: { label: string; onClick?: () => void; children?: ReactNode }) {
  const content = (
    <>
      <span>{label}</span>
      <span className="hn-text-muted hn-text-small">{children ?? (onClick ? '›' : strings.comingSoon)}</span>
    </>
  );
  const style = {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    width: '100%',
    minHeight: 52,
    padding: '0 var(--hn-space-4)',
    background: 'transparent',
    border: 0,
    textAlign: 'left' as const,
  };
  return (
    <li style={{ borderBottom: '1px solid var(--hn-color-border)' }}>
      {onClick ? (
        <button type="button" onClick={onClick} style={{ ...style, cursor: 'pointer' }}>
          {content}
        </button>
      ) : (
        <div style={{ ...style, color: 'var(--hn-color-text-muted)' }} aria-disabled="true">
          {content}
        </div>
      )}
    </li>
  );
}

/** /settings (spec §2): the rows later issues fill in, the terms, and a working logout. */
export default function Settings() {
  const navigate = useNavigate();
  const { logout, busy } = useLogout();
  const rows = strings.settingsRows;
  return (
    <>
      <Header title={strings.settingsTitle} onBack={() => navigate('/mypage')} />
      <main className="hn-page" style={{ paddingLeft: 0, paddingRight: 0 }}>
        <ul
          style={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            background: 'var(--hn-color-surface)',
            borderTop: '1px solid var(--hn-color-border)',
          }}
        >
          <Row label={rows.profile} />
          <Row label={rows.password} />
          <Row label={rows.sns} />
          <Row label={rows.messageSound} />
          <Row label={rows.greetingCall} />
          <Row label={rows.retention} />
          <Row label={rows.blocklist} />
          <Row label={rows.terms} onClick={() => navigate('/term_of_use')} />
        </ul>
        <div style={{ padding: '0 var(--hn-space-5)' }}>
          <Button variant="secondary" block onClick={() => void logout()} loading={busy}>
            {strings.logout}
          </Button>
        </div>
      </main>
      {busy ? <Loader /> : null}
    </>
  );
}
