import { useState } from 'react';

import type { ReplyPayload, requests } from '@honne/contracts/events';
import type { EvidenceItem } from '@honne/contracts/safety';
import { Button } from '@honne/ui';

import { call, errorText, safetyEndpoints } from '../api.ts';
import { formatAt, shortId } from '../format.ts';
import { strings } from '../strings.ts';
import { Table } from '../table.tsx';
import { FormError } from '../form.tsx';

const t = strings.subject;

interface FrozenMessage {
  id: string;
  sender_id: string;
  content: string;
  created_at: string;
}

type FrozenCall = ReplyPayload<typeof requests.callsRoomEvidence>['calls'][number];
type FrozenMovement = ReplyPayload<typeof requests.pointsRoomEvidence>['movements'][number];

/**
 * A report's frozen evidence, opened only on request: every opening is written to the audit log by
 * the server, and the panel says so in the warning colour while it is open.
 */
export function Evidence({ reportId }: { reportId: string }) {
  const [items, setItems] = useState<EvidenceItem[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    setError(undefined);
    try {
      setItems(await call(safetyEndpoints.evidence, { params: { id: reportId } }));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  if (!items)
    return (
      <div>
        <Button variant="secondary" onClick={() => void open()} loading={busy}>
          {t.evidence}
        </Button>{' '}
        <small className="hn-text-muted">{t.evidenceAudited}</small>
        <FormError error={error} />
      </div>
    );
  return (
    <section className="cn-audited" aria-label={t.evidenceHeading} data-testid="evidence">
      <p className="cn-audited__flag" role="status">
        {t.evidenceOpened}
      </p>
      {items.length === 0 ? <p>{t.evidenceEmpty}</p> : null}
      {items.map((item) => (
        <div key={item.id}>
          <h3 style={{ fontSize: 15, margin: '8px 0' }}>
            {t.evidenceKinds[item.kind] ?? item.kind}{' '}
            <small className="hn-text-muted">{t.keepUntil(formatAt(item.keep_until))}</small>
          </h3>
          <EvidenceBody item={item} />
        </div>
      ))}
    </section>
  );
}

function EvidenceBody({ item }: { item: EvidenceItem }) {
  const payload = item.payload as { messages?: FrozenMessage[]; anchor_id?: string | null } | null;
  if (item.kind === 'messages' && Array.isArray(payload?.messages)) {
    return (
      <ol className="cn-msgs">
        {payload.messages.map((m) => (
          <li key={m.id} data-anchor={m.id === payload.anchor_id ? 'true' : undefined}>
            <small>
              {formatAt(m.created_at)} {shortId(m.sender_id)}
            </small>
            {m.id === payload.anchor_id ? <span className="hn-visually-hidden">{t.reported}: </span> : null}
            {m.content}
          </li>
        ))}
      </ol>
    );
  }
  const calls = (payload as { calls?: FrozenCall[] } | null)?.calls;
  if (item.kind === 'calls' && Array.isArray(calls)) {
    if (calls.length === 0) return <p>{t.evidenceNone}</p>;
    return (
      <Table
        rows={calls}
        columns={[t.callStarted, t.callConnected, t.callEnded, t.callPaid, t.callCaller]}
        row={(c) => (
          <tr key={c.call_id}>
            <td className="cn-num">{formatAt(c.started_at)}</td>
            <td className="cn-num">{formatAt(c.connected_at)}</td>
            <td className="cn-num">
              {formatAt(c.ended_at)} {c.end_cause ? <small className="hn-text-muted">{c.end_cause}</small> : null}
            </td>
            <td className="cn-num">{t.paidMinutes(c.paid_minutes, c.call_price)}</td>
            <td className="cn-num" title={c.caller_id}>
              {shortId(c.caller_id)}
            </td>
          </tr>
        )}
      />
    );
  }
  const movements = (payload as { movements?: FrozenMovement[] } | null)?.movements;
  if (item.kind === 'points' && Array.isArray(movements)) {
    if (movements.length === 0) return <p>{t.evidenceNone}</p>;
    return (
      <Table
        rows={movements}
        columns={[t.movedAt, t.movedKind, t.movedFrom, t.movedTo, t.movedAmount]}
        row={(m, i) => (
          <tr key={i}>
            <td className="cn-num">{formatAt(m.at)}</td>
            <td>{m.kind}</td>
            <td className="cn-num">{m.from ? shortId(m.from) : '—'}</td>
            <td className="cn-num">{m.to ? shortId(m.to) : '—'}</td>
            <td className="cn-num">{m.amount}</td>
          </tr>
        )}
      />
    );
  }
  return <pre className="cn-pre">{JSON.stringify(item.payload, null, 2)}</pre>;
}
