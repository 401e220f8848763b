import { Avatar, Skeleton } from '@honne/ui';

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
            <svg
              width={Math.round(size * 0.55)}
              height={Math.round(size * 0.55)}
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={1.8}
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
            >
              <circle cx="12" cy="9" r="4" />
              <path d="M4 21c1-4 4.5-6 8-6s7 2 8 6" />
            </svg>
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
