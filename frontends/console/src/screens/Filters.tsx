import { useState } from 'react';

import {
  FILTER_ENTRY_ACTIONS,
  FILTER_ENTRY_KINDS,
  type FilterEntryBody,
  type FilterTryResult,
} from '@honne/contracts/safety';
import { Button } from '@honne/ui';

import { call, safetyEndpoints } from '../api.ts';
import { useAskThen } from '../ask.ts';
import { formatAt } from '../format.ts';
import { LoadState, useLoad } from '../load.tsx';
import { filterActionLabels, filterKindLabels, strings } from '../strings.ts';
import { Table } from '../table.tsx';
import { FormError, useFormSubmit } from '../form.tsx';

const t = strings.filters;
type Kind = FilterEntryBody['kind'];
type Action = NonNullable<FilterEntryBody['action']>;

/**
 * The filter's lists (issue 28, ADR 0028): every entry with its action and scope, adding and removing
 * one (in effect on every instance within a second), and "try this text" — what matched and why.
 * Editing needs `filters.edit` (moderators, admins); the server refuses a triage operator.
 */
export function Filters({ canEdit }: { canEdit: boolean }) {
  const [lists, reload] = useLoad((signal) => call(safetyEndpoints.filterEntries, { signal }), 'filters');
  const askThen = useAskThen(reload);
  const remove = (id: string, pattern: string) =>
    askThen({ title: t.removeTitle, message: t.removeMessage(pattern), confirmLabel: t.remove }, () =>
      call(safetyEndpoints.removeFilterEntry, { params: { id } }),
    );
  return (
    <>
      <h1>{t.heading}</h1>
      <TryText />
      <h2>{t.entries}</h2>
      {canEdit ? <AddEntry onAdded={reload} /> : null}
      <LoadState state={lists} reload={reload}>
        {({ version, entries }) => (
          <Table
            rows={entries}
            empty={t.empty}
            testId="filter-entries"
            caption={<caption className="cn-caption">{t.version(version, entries.length)}</caption>}
            columns={[
              t.kind,
              t.pattern,
              t.action,
              t.scope,
              t.note,
              strings.table.at,
              canEdit && { label: t.remove, hidden: true },
            ]}
            row={(e) => (
              <tr key={e.id}>
                <td>{filterKindLabels[e.kind]}</td>
                <td className="cn-secret">{e.pattern}</td>
                <td>{e.action ? filterActionLabels[e.action] : '—'}</td>
                <td>{e.theme ? t.theme(e.theme) : t.global}</td>
                <td>{e.note ?? '—'}</td>
                <td className="cn-num">{formatAt(e.updated_at)}</td>
                {canEdit ? (
                  <td>
                    <Button variant="secondary" onClick={() => void remove(e.id, e.pattern)}>
                      {t.remove}
                    </Button>
                  </td>
                ) : null}
              </tr>
            )}
          />
        )}
      </LoadState>
    </>
  );
}

function AddEntry({ onAdded }: { onAdded: () => void }) {
  const [kind, setKind] = useState<Kind>('term');
  const [pattern, setPattern] = useState('');
  const [action, setAction] = useState<Action>('refuse');
  const [theme, setTheme] = useState('');
  const [note, setNote] = useState('');
  const [added, setAdded] = useState<string | undefined>();
  const { submit: add, error } = useFormSubmit(async () => {
    setAdded(undefined);
    const body: FilterEntryBody = {
      kind,
      pattern: pattern.trim(),
      ...(kind === 'allow' ? {} : { action }),
      theme: theme.trim() || null,
      note: note.trim() || null,
    };
    const entry = await call(safetyEndpoints.addFilterEntry, { body });
    setAdded(t.added(entry.pattern));
    setPattern('');
    setNote('');
    onAdded();
  });
  return (
    <form className="cn-row cn-form cn-card" style={{ flexDirection: 'row' }} onSubmit={(e) => void add(e)}>
      <label>
        {t.kind}
        <select className="cn-input" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
          {FILTER_ENTRY_KINDS.map((k) => (
            <option key={k} value={k}>
              {filterKindLabels[k]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t.pattern}
        <input className="cn-input" value={pattern} onChange={(e) => setPattern(e.target.value)} required />
      </label>
      {kind === 'allow' ? null : (
        <label>
          {t.action}
          <select className="cn-input" value={action} onChange={(e) => setAction(e.target.value as Action)}>
            {FILTER_ENTRY_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {filterActionLabels[a]}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        {t.themeField}
        <input className="cn-input" value={theme} onChange={(e) => setTheme(e.target.value)} />
      </label>
      <label>
        {t.note}
        <input className="cn-input" value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      <Button type="submit">{t.add}</Button>
      <FormError error={error} />
      {added ? <p role="status">{added}</p> : null}
    </form>
  );
}

/** "Try this text": the action the lists would take, each match and what the allow list spared. */
function TryText() {
  const [text, setText] = useState('');
  const [result, setResult] = useState<FilterTryResult | undefined>();
  const { submit: run, error } = useFormSubmit(async () => {
    setResult(await call(safetyEndpoints.tryFilter, { body: { text } }));
  });
  return (
    <section className="cn-card" aria-labelledby="try-heading">
      <h2 id="try-heading">{t.tryHeading}</h2>
      <form className="cn-form" onSubmit={(e) => void run(e)}>
        <label>
          {t.tryLabel}
          <textarea className="cn-input" rows={2} value={text} onChange={(e) => setText(e.target.value)} required />
        </label>
        <Button type="submit">{t.tryButton}</Button>
      </form>
      <FormError error={error} />
      {result ? (
        <div data-testid="filter-try" role="status">
          <p>{t.outcome(filterActionLabels[result.action as Action] ?? t.pass)}</p>
          {result.matches.length > 0 ? <p>{t.masked(result.masked)}</p> : null}
          <ul>
            {result.matches.map((m, i) => (
              <li key={i}>
                {t.match(m.entry, m.written, m.normalised, filterActionLabels[m.action as Action] ?? m.action)}
              </li>
            ))}
            {result.spared.map((s, i) => (
              <li key={`s${i}`}>{t.spared(s.entry, s.written, s.because)}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
