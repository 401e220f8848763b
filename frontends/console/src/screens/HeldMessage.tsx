import type { Report } from '@honne/contracts/safety';
import { Button } from '@honne/ui';

import { useAskThen } from '../ask.ts';
import { call, safetyEndpoints } from '../api.ts';
import { strings } from '../strings.ts';

const t = strings.held;

/**
 * A message the filter held (ADR 0028) waits undelivered: deliver it to the partner after all, or
 * delete it. Either closes the report, is audited, and is asked first.
 */
export function HeldMessage({ report, onDone }: { report: Report; onDone: () => void }) {
  const askThen = useAskThen(onDone);
  return (
    <div className="cn-row" style={{ marginTop: 8 }} data-testid="held-actions">
      <Button
        variant="secondary"
        onClick={() =>
          void askThen({ title: t.release, message: t.releaseAsk, confirmLabel: t.release }, () =>
            call(safetyEndpoints.releaseHeld, { params: { id: report.id } }),
          )
        }
      >
        {t.release}
      </Button>
      <Button
        variant="secondary"
        onClick={() =>
          void askThen({ title: t.discard, message: t.discardAsk, confirmLabel: t.discard }, () =>
            call(safetyEndpoints.discardHeld, { params: { id: report.id } }),
          )
        }
      >
        {t.discard}
      </Button>
    </div>
  );
}
