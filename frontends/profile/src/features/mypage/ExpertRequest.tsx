import { getApi } from '@honne/api-client';
import { EXPERT_STATUS, accountsEndpoints } from '@honne/contracts/accounts';
import { Button, usePopup } from '@honne/ui';
import { useState } from 'react';

import { strings } from '../../strings.ts';
import { useReport } from '../shared/useReport.ts';

/**
 * The expert (paid-service) request (spec §4 'paid-request button'): asked once, then 'waiting for
 * request approval' and disabled until an operator answers; approved users carry the expert mark
 * instead; a refused request may be made again.
 */
export function ExpertRequest({ status, onRequested }: { status: number; onRequested: () => void }) {
  const popup = usePopup();
  const report = useReport();
  const [busy, setBusy] = useState(false);
  if (status === EXPERT_STATUS.approved) return null;
  const pending = status === EXPERT_STATUS.requested;
  const request = async () => {
    if (!(await popup.confirm({ message: strings.expertConfirm, confirmLabel: strings.expertRequest }))) return;
    setBusy(true);
    try {
      await getApi().client.call(accountsEndpoints.requestApproval, {});
      await popup.alert(strings.expertRequested);
      onRequested();
    } catch (error) {
      report(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="hn-stack" style={{ gap: 4, alignItems: 'flex-start' }}>
      {/* One line beside the avatar at 375 px (walk #48: it wrapped with a lone 「る」). */}
      <Button
        variant="secondary"
        disabled={pending}
        loading={busy}
        onClick={() => void request()}
        style={{ whiteSpace: 'nowrap', fontSize: 14, paddingInline: 'var(--hn-space-4)' }}
      >
        {pending ? strings.expertPending : strings.expertRequest}
      </Button>
      {status === EXPERT_STATUS.refused ? (
        <p className="hn-text-small hn-text-muted" style={{ margin: 0 }}>
          {strings.expertRefused}
        </p>
      ) : null}
    </div>
  );
}
