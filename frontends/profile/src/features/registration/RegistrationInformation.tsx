import { Button, EmptyState, Header, Loader, Logo } from '@honne/ui';

import { strings } from '../../strings.ts';
import { useLogout } from '../shared/useLogout.ts';

/** /registration-information until onboarding lands (issue 3): says so plainly, offers logout. */
export default function RegistrationInformation() {
  const { logout, busy } = useLogout();
  return (
    <>
      <Header title={strings.registrationTitle} />
      <main className="hn-page" style={{ alignItems: 'center', textAlign: 'center' }}>
        <Logo size={72} />
        <h2 className="hn-title">{strings.registrationHeading}</h2>
        <p style={{ margin: 0 }}>{strings.registrationBody}</p>
        <EmptyState title={strings.comingSoon} description={strings.registrationPending} />
        <Button variant="secondary" block onClick={() => void logout()} loading={busy}>
          {strings.logout}
        </Button>
      </main>
      {busy ? <Loader /> : null}
    </>
  );
}
