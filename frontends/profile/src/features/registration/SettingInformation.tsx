import { useLocation } from 'wouter';

import { getApi } from '@honne/api-client';
import { Button, Header } from '@honne/ui';

import { strings } from '../../strings.ts';

/**
 * /setting-information: where the login sends someone whose profile is not set yet (spec §2,
 * is_infomation 0). It says what onboarding will ask and starts it; someone already set up is
 * told so and offered the profile screen instead.
 */
export default function SettingInformation() {
  const [, navigate] = useLocation();
  const done = (getApi().client.session.get()?.is_infomation ?? 0) === 1;

  return (
    <>
      <Header title={strings.settingInfoTitle} />
      <main className="hn-page" style={{ gap: 'var(--hn-space-5)' }}>
        <h2 style={{ margin: 0, fontSize: 'var(--hn-font-size-heading)', lineHeight: 1.5 }}>
          {done ? strings.settingInfoDone : strings.settingInfoHeading}
        </h2>
        {done ? null : (
          <>
            <p style={{ margin: 0 }}>{strings.settingInfoLead}</p>
            <ol
              style={{
                margin: 0,
                paddingLeft: '1.5em',
                display: 'grid',
                gap: 'var(--hn-space-2)',
                color: 'var(--hn-color-text-muted)',
              }}
            >
              {strings.settingInfoSteps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </>
        )}
        <Button block onClick={() => navigate(done ? '/changeprofile' : '/registration-information')}>
          {done ? strings.settingInfoEdit : strings.settingInfoStart}
        </Button>
      </main>
    </>
  );
}
