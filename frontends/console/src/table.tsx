import { useState, type ReactNode } from 'react';

import { Button, usePopup } from '@honne/ui';

import { errorText } from './api.ts';
import { Empty, LoadState, type Loaded } from './load.tsx';
import { strings } from './strings.ts';

/**
 * A column head: its label; `{ label, hidden: true }` for a column of buttons whose name only a
 * screen reader says; `false` for a column this operator does not see (it is left out).
 */
export type Column = string | { label: string; hidden: true } | false;

/** A list as the console's table: `empty` where there are no rows (when given), else the heads and a `row` each. */
export function Table<T>({
  rows,
  columns,
  row,
  empty,
  testId,
  caption,
}: {
  rows: readonly T[];
  columns: readonly Column[];
  /** One `<tr>` with its key. */
  row: (item: T, index: number) => ReactNode;
  empty?: ReactNode;
  testId?: string;
  caption?: ReactNode;
}) {
  if (rows.length === 0 && empty !== undefined) return <Empty>{empty}</Empty>;
  return (
    <table className="cn-table" data-testid={testId}>
      {caption}
      <thead>
        <tr>
          {columns.map((c, i) =>
            c === false ? null : typeof c === 'string' ? (
              <th scope="col" key={i}>
                {c}
              </th>
            ) : (
              <th scope="col" key={i} aria-label={c.label} />
            ),
          )}
        </tr>
      </thead>
      <tbody>{rows.map(row)}</tbody>
    </table>
  );
}

/** What an action just did, announced as it appears. */
export function Notice({ message }: { message: string | undefined }) {
  return message ? (
    <p className="cn-notice" role="status">
      {message}
    </p>
  ) : null;
}

/** A screen of decisions: its heading, a hint, the last decision's notice, then the list once loaded. */
export function DecisionScreen<T>({
  heading,
  hint,
  done,
  state,
  reload,
  children,
}: {
  heading: string;
  hint?: string;
  done: string | undefined;
  state: Loaded<T>;
  reload: () => void;
  children: (data: T) => ReactNode;
}) {
  return (
    <>
      <h1>{heading}</h1>
      {hint ? <p className="hn-text-muted">{hint}</p> : null}
      <Notice message={done} />
      <LoadState state={state} reload={reload}>
        {children}
      </LoadState>
    </>
  );
}

/** The words of an approve-or-reject decision: the confirmation asked and the notice after. */
export interface DecisionTexts {
  approve: string;
  reject: string;
  approveTitle: string;
  rejectTitle: string;
  approveMessage: string;
  rejectMessage: string;
  approved: string;
  rejected: string;
}

/**
 * An approve-or-reject decision on a row (an appeal, an approval): asked to confirm, `act` run, the
 * notice set and the list reloaded; what `act` threw is shown in a popup.
 */
export function useDecision<T>(
  t: DecisionTexts,
  act: (item: T, approve: boolean) => Promise<unknown>,
  reload: () => void,
  destructive: (item: T, approve: boolean) => boolean = () => false,
) {
  const [done, setDone] = useState<string | undefined>();
  const popup = usePopup();
  const decide = async (item: T, approve: boolean) => {
    const ok = await popup.confirm({
      title: approve ? t.approveTitle : t.rejectTitle,
      message: approve ? t.approveMessage : t.rejectMessage,
      confirmLabel: approve ? t.approve : t.reject,
      cancelLabel: strings.action.cancel,
      destructive: destructive(item, approve),
    });
    if (!ok) return;
    try {
      await act(item, approve);
      setDone(approve ? t.approved : t.rejected);
      reload();
    } catch (e) {
      void popup.alert(errorText(e));
    }
  };
  return { done, decide };
}

/** The approve and reject buttons of a decision's row. */
export function DecisionButtons({ t, onDecide }: { t: DecisionTexts; onDecide: (approve: boolean) => void }) {
  return (
    <div className="cn-row">
      <Button onClick={() => onDecide(true)}>{t.approve}</Button>
      <Button variant="secondary" onClick={() => onDecide(false)}>
        {t.reject}
      </Button>
    </div>
  );
}
