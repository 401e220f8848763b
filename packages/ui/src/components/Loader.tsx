import type { CSSProperties } from 'react';

import { uiStrings } from '../strings.ts';

export interface LoaderProps {
  /** Overlay covers the screen (short waits such as a login call); inline sits in the page flow. */
  inline?: boolean;
  label?: string;
}

/** Spinner for short waits only; lists use Skeleton. */
export function Loader({ inline = false, label = uiStrings.loading }: LoaderProps) {
  return (
    <div className={inline ? 'hn-loader hn-loader--inline' : 'hn-loader'} role="status" aria-live="polite">
      <span className="hn-spinner" aria-hidden="true" />
      <span className="hn-visually-hidden">{label}</span>
    </div>
  );
}

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: CSSProperties['borderRadius'];
  /** Several text-like lines, the last one shorter. */
  lines?: number;
}

export function Skeleton({ width = '100%', height = 14, radius, lines }: SkeletonProps) {
  if (lines && lines > 1) {
    return (
      <span style={{ display: 'flex', flexDirection: 'column', gap: 8 }} aria-hidden="true">
        {Array.from({ length: lines }, (_, i) => (
          <span
            key={i}
            className="hn-skeleton"
            style={{ width: i === lines - 1 ? '60%' : width, height, borderRadius: radius }}
          />
        ))}
      </span>
    );
  }
  return <span className="hn-skeleton" style={{ width, height, borderRadius: radius }} aria-hidden="true" />;
}
