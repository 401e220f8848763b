import { useCallback, useEffect, useState } from 'react';

import { getApi } from '@honne/api-client';
import { chatEndpoints } from '@honne/contracts/chat';
import { pointsEndpoints, type HistoryItem } from '@honne/contracts/points';
import { BottomSheet, Button, EmptyState, Skeleton } from '@honne/ui';

import { strings } from '../../strings.ts';
import { useReport } from '../shared/useReport.ts';

const PER_PAGE = 20;
const dateTime = new Intl.DateTimeFormat('ja-JP', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The point history (issue 15): what each movement was, with whom, when and how much, newest
 * first, 20 at a time. The partner is named as the room names them — an anonymous partner stays
 * anonymous; a room that has gone (its voice ended) names nobody.
 */
export function PointHistory({ onClose }: { onClose: () => void }) {
  const report = useReport();
  const [items, setItems] = useState<HistoryItem[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [names, setNames] = useState<Record<string, string | null>>({});

  const load = useCallback(
    async (after: string | null) => {
      setLoading(true);
      try {
        const page = await getApi().client.call(pointsEndpoints.history, {
          query: { per_page: PER_PAGE, ...(after ? { last_doc_id: after } : {}) },
        });
        setItems((prev) => [...(after ? (prev ?? []) : []), ...page.data]);
        setCursor(page.data.length === PER_PAGE ? page.last_doc_id : null);
      } catch (err) {
        report(err, []);
      } finally {
        setLoading(false);
      }
    },
    [report],
  );

  useEffect(() => {
    void load(null);
  }, [load]);

  // Each room's partner, asked once per room.
  useEffect(() => {
    const missing = [...new Set((items ?? []).map((i) => i.room_id).filter((r): r is string => !!r))].filter(
      (r) => !(r in names),
    );
    if (missing.length === 0) return;
    setNames((n) => ({ ...n, ...Object.fromEntries(missing.map((r) => [r, null])) }));
    for (const id of missing) {
      getApi()
        .client.call(chatEndpoints.room, { params: { id } })
        .then((r) => setNames((n) => ({ ...n, [id]: r.data.userInfo.user_name ?? strings.historyNoName })))
        .catch(() => undefined);
    }
  }, [items, names]);

  return (
    <BottomSheet title={strings.pointHistory} onClose={onClose}>
      {items === null ? (
        <Skeleton height={160} />
      ) : items.length === 0 ? (
        <EmptyState title={strings.historyEmpty} />
      ) : (
        <ul className="hn-list" aria-label={strings.pointHistory} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {items.map((item) => {
            const partner = item.room_id ? names[item.room_id] : null;
            return (
              <li
                key={item.id}
                data-testid="point-history-row"
                style={{
                  display: 'flex',
                  justifyContent: 'space-between',
                  gap: 'var(--hn-space-2)',
                  padding: 'var(--hn-space-2) 0',
                  borderBottom: '1px solid var(--hn-color-border)',
                }}
              >
                <span style={{ minWidth: 0 }}>
                  <span style={{ display: 'block', fontWeight: 700 }}>
                    {strings.historyKind(item.kind, item.amount > 0)}
                  </span>
                  <span className="hn-text-small" style={{ color: 'var(--hn-color-text-muted)' }}>
                    {partner ? `${strings.historyWith(partner)}・` : ''}
                    {dateTime.format(new Date(item.created_at))}
                  </span>
                </span>
                <span
                  className="hn-num"
                  style={{
                    fontWeight: 700,
                    whiteSpace: 'nowrap',
                    color: item.amount > 0 ? 'var(--hn-color-primary)' : 'var(--hn-color-text)',
                  }}
                >
                  {item.amount > 0 ? '+' : '−'}
                  {strings.pointsValue(Math.abs(item.amount))}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {cursor ? (
        <Button variant="text" block loading={loading} onClick={() => void load(cursor)}>
          {strings.historyMore}
        </Button>
      ) : null}
    </BottomSheet>
  );
}
