import { CloseIcon } from '@honne/ui';

import { strings } from '../../../strings.ts';
import { HangUpIcon } from '../../shared/icons.tsx';
import type { CallSession } from '../model.ts';

import { CallControl } from './CallControl.tsx';
import { PartnerCard } from './PartnerCard.tsx';

const t = strings.calls;

/** The caller's full views (spec §2): calling (ringing out, cancel), busy and refused (closing by themselves). */
export function CallStatusView({
  call,
  onHangUp,
  onMinimise,
}: {
  call: CallSession;
  onHangUp: () => void;
  onMinimise: () => void;
}) {
  const title = call.state === 'busy' ? t.busyTitle : call.state === 'refuse' ? t.refusedTitle : t.calling;
  const status = call.state === 'busy' ? t.partnerBusy : call.state === 'refuse' ? t.refused : t.calling;
  return (
    <>
      <div className="cl-head">
        <h2>{title}</h2>
        {call.state === 'calling' ? (
          <button type="button" className="hn-icon-button" aria-label={t.minimise} onClick={onMinimise}>
            <CloseIcon size={22} />
          </button>
        ) : null}
      </div>
      <div className="cl-body">
        <PartnerCard partner={call.partner} known={call.partner_known} pulse={call.state === 'calling'} />
        <p className="cl-status" role="status">
          {status}
        </p>
      </div>
      {call.state === 'calling' ? (
        <div className="cl-actions">
          <CallControl label={t.cancel} icon={<HangUpIcon size={28} />} variant="end" onClick={onHangUp} />
        </div>
      ) : null}
    </>
  );
}
