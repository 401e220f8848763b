import { EmptyState, Header } from '@honne/ui';

import { strings } from '../../strings.ts';

/** /search: the latest posts as bubbles (issue to come); an honest placeholder until then. */
export default function LatestPosts() {
  return (
    <>
      <Header title={strings.latestTitle} />
      <main className="hn-page">
        <EmptyState title={strings.comingSoon} description={strings.latestPending} />
      </main>
    </>
  );
}
