import { useLocation } from 'wouter';

import { Button, EmptyState } from '@honne/ui';

import { strings } from '../../strings.ts';

/** A path no screen owns. */
export function NotFound() {
  const [, navigate] = useLocation();
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
