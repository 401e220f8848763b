import { useNavigate } from 'react-router';

import { Button, EmptyState, Header } from '@honne/ui';

import { strings } from '../../strings.ts';

/** An honest placeholder for a route a later issue builds. */
export function ComingSoon({ title, backTo }: { title?: string; backTo?: string }) {
  const navigate = useNavigate();
  return (
    <>
      <Header title={title ?? strings.comingSoonTitle} {...(backTo ? { onBack: () => navigate(backTo) } : {})} />
      <EmptyState
        title={strings.comingSoonTitle}
        description={strings.comingSoonBody}
        action={
          backTo ? (
            <Button variant="secondary" onClick={() => navigate(backTo)}>
              {strings.goHome}
            </Button>
          ) : undefined
        }
      />
    </>
  );
}

export function NotFound() {
  const navigate = useNavigate();
  return (
    <EmptyState
      title={strings.notFoundTitle}
      description={strings.notFoundBody}
      action={
        <Button variant="secondary" onClick={() => navigate('/')}>
          {strings.goHome}
        </Button>
      }
    />
  );
}
