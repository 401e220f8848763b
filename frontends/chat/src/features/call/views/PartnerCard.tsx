import { Avatar, PersonIcon, Skeleton } from '@honne/ui';

import { strings } from '../../../strings.ts';
import type { CallPartner } from '../model.ts';

const t = strings.calls;

/** Avatar (default if none), name, area, gender, age and comment: the top of every call view. */
export function PartnerCard({
  partner,
  known = true,
  pulse,
  size = 112,
}: {
  partner: CallPartner;
  known?: boolean;
  pulse?: boolean;
  size?: number;
}) {
  const name = partner.name ?? t.anonymous;
  const meta = [partner.area, partner.gender, partner.age].filter((v): v is string => Boolean(v));
  return (
    <>
      <div className={`cl-avatar${pulse ? ' cl-pulse' : ''}`}>
        {partner.avatar ? (
          <Avatar src={partner.avatar} alt={name} size={size} />
        ) : (
          // No picture (an anonymous partner): the person figure the lists use, not an empty circle (walk #38).
          <span className="cl-anon-avatar" role="img" aria-label={name} style={{ width: size, height: size }}>
            <PersonIcon size={Math.round(size * 0.55)} />
          </span>
        )}
      </div>
      {known ? <p className="cl-name">{name}</p> : <Skeleton width={120} height={24} />}
      {meta.length ? (
        <div className="cl-meta">
          {meta.map((m) => (
            <span key={m}>{m}</span>
          ))}
        </div>
      ) : null}
      {partner.comment ? <p className="cl-comment">{partner.comment}</p> : null}
    </>
  );
}
