import { useLocation } from 'wouter';

import { Button, Header, Logo } from '@honne/ui';

import { strings } from '../../strings.ts';

/** /OTPResult: welcomes the person to create a first character, then /signup. */
export default function OtpResult() {
  const [, navigate] = useLocation();
  return (
    <>
      <Header title={strings.otpResultTitle} />
      <main className="hn-page" style={{ alignItems: 'center', textAlign: 'center', justifyContent: 'center' }}>
        <Logo size={80} />
        <h2 className="hn-title">{strings.otpResultHeading}</h2>
        <p style={{ margin: 0 }}>{strings.otpResultBody}</p>
        <Button block onClick={() => navigate('/signup')}>
          {strings.otpResultButton}
        </Button>
      </main>
    </>
  );
}
