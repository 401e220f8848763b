import { strings } from '../../strings.ts';

/** The spinner under a list while its next page loads (the voices and the history page it alike). */
export function LoadingMore() {
  return (
    <div className="tp-more">
      <span className="hn-spinner" style={{ width: 24, height: 24 }} />
      <span className="hn-visually-hidden">{strings.loadingMore}</span>
    </div>
  );
}
