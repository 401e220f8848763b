import { useNavigate } from 'react-router';

import { Button, EmptyState, Header } from '@honne/ui';

import { strings } from '../../strings.ts';

export default function MyPage() {
  const navigate = useNavigate();
  return (
    <>
      <Header title={strings.myPageTitle} />
      <main className="hn-page">
        <EmptyState
          title={strings.comingSoon}
          description={strings.myPagePending}
          action={
            <Button variant="secondary" onClick={() => navigate('/settings')}>
              {strings.settingsLink}
            </Button>
          }
        />
      </main>
    </>
  );
}
