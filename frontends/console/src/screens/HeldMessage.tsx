import type { Report } from '@honne/contracts/safety';
import { Button } from '@honne/ui';

import { useAskThen } from '../ask.ts';
import { call, safetyEndpoints } from '../api.ts';
import { strings } from '../strings.ts';

const t = strings.held;

/**
 * A message (ADR 0028) or voice (ADR 0037) the filter held waits undelivered: deliver or show it
 * after all, or delete it. Either closes the report, is audited, and is asked first.
 */
export function HeldMessage({ report, onDone }: { report: Report; onDone: () => void }) {
  const askThen = useAskThen(onDone);
  // A held voice (ADR 0037) is shown to everyone when released, not delivered to a partner.
  const voice = report.subject_kind === 'voice';
  const release = voice ? t.releaseVoice : t.release;
  const releaseAsk = voice ? t.releaseVoiceAsk : t.releaseAsk;
  const discardAsk = voice ? t.discardVoiceAsk : t.discardAsk;
  return (
    <div className="cn-row" style={{ marginTop: 8 }} data-testid="held-actions">
      <Button
        variant="secondary"
        onClick={() =>
          void askThen({ title: release, message: releaseAsk, confirmLabel: release }, () =>
            call(safetyEndpoints.releaseHeld, { params: { id: report.id } }),
          )
        }
      >
        {release}
      </Button>
      <Button
        variant="secondary"
        onClick={() =>
          void askThen({ title: t.discard, message: discardAsk, confirmLabel: t.discard }, () =>
            call(safetyEndpoints.discardHeld, { params: { id: report.id } }),
          )
        }
      >
        {t.discard}
      </Button>
    </div>
  );
}
