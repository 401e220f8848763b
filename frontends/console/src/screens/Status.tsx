import type { SubjectStatus } from '@honne/contracts/safety';

import { formatAt } from '../format.ts';
import { strings } from '../strings.ts';

const t = strings.subject;

/** The derived status: review state and any restriction in force, with until when. */
export function StatusList({ status }: { status: SubjectStatus }) {
  const until = (at: string | null) => (at ? t.until(formatAt(at)) : t.none);
  return (
    <dl className="cn-dl" data-testid="status">
      <dt>{t.review}</dt>
      <dd>{strings.review[status.review] ?? status.review}</dd>
      <dt>{t.suspended}</dt>
      <dd className={status.suspended_until ? 'cn-late' : undefined}>{until(status.suspended_until)}</dd>
      <dt>{t.banned}</dt>
      <dd className={status.banned ? 'cn-late' : undefined}>{status.banned ? t.yes : t.none}</dd>
      <dt>{t.muted}</dt>
      <dd>{until(status.muted_until)}</dd>
      <dt>{t.voiceHidden}</dt>
      <dd>{status.voice_hidden ? t.yes : t.none}</dd>
      <dt>{t.warnings}</dt>
      <dd className="cn-num">{status.warnings}</dd>
      <dt>{t.frozen}</dt>
      <dd className={status.points_frozen ? 'cn-late' : undefined} data-testid="points-frozen">
        {status.points_frozen
          ? status.points_frozen_until
            ? until(status.points_frozen_until)
            : t.frozenOpen
          : t.none}
      </dd>
      <dt>{t.strikes}</dt>
      <dd className="cn-num" data-testid="strikes">
        {status.strikes}
      </dd>
      <dt>{t.suggested}</dt>
      <dd data-testid="suggested">
        {status.suggested ? t.suggestion(strings.actions[status.suggested.action], status.suggested.hours) : t.none}
      </dd>
    </dl>
  );
}
