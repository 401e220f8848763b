import { snsHref } from '@honne/contracts/profile';

import { uiStrings } from '../strings.ts';

/**
 * A named person's SNS links (spec: links saved under /sns_info are shown for non-anonymous people,
 * with https:// added when left out; walk #25). Nothing at all when none is set. Callers never pass
 * an anonymous person's profile: anonymity hides the links with the rest of it.
 */
export function SnsLinks({
  user,
}: {
  user: { facebook?: string | null; instagram?: string | null; twitter?: string | null };
}) {
  const links: [string, string][] = [];
  for (const [label, value] of [
    ['Facebook', user.facebook],
    ['Instagram', user.instagram],
    ['Twitter', user.twitter],
  ] as const) {
    const href = snsHref(value);
    if (href) links.push([label, href]);
  }
  if (links.length === 0) return null;
  return (
    <section className="hn-sns" aria-label={uiStrings.snsLinks}>
      <h3 className="hn-sns__title">{uiStrings.snsLinks}</h3>
      <ul className="hn-sns__list">
        {links.map(([label, href]) => (
          <li key={label}>
            <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="hn-sns__link">
              {label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
