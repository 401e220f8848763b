import { EmptyState, Header } from '@honne/ui';

import { strings } from '../../strings.ts';

/** /history: the history list (issue to come); an honest placeholder until then. */
export default function History() {
  return (
    <>
      <Header title={strings.historyTitle} />
      <main className="hn-page">
        <EmptyState title={strings.comingSoon} description={strings.historyPending} />
      </main>
    </>
  );
}
