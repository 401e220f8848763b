import { useId } from 'react';

export interface LogoProps {
  size?: number;
  /** Show the 本音 / honne wordmark under the mark. */
  wordmark?: boolean;
  className?: string;
}

/**
 * honne's mark: a soft speech bubble holding a heart, the voice of the heart. Drawn in code so
 * no image file or font download is needed.
 */
export function Logo({ size = 96, wordmark = false, className }: LogoProps) {
  const gradient = useId();
  return (
    <div
      className={['hn-logo', className].filter(Boolean).join(' ')}
      style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'center', gap: 8 }}
    >
      <svg width={size} height={size} viewBox="0 0 96 96" role="img" aria-label="本音 ロゴ">
        <defs>
          <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#D9735C" />
            <stop offset="1" stopColor="#B4503C" />
          </linearGradient>
        </defs>
        <path
          d="M48 10c21 0 38 14 38 32S69 74 48 74c-4 0-7.8-.5-11.4-1.4L22 84c-1.6 1.2-3.8-.3-3.2-2.2l3.6-12.3C14.8 63.6 10 55.6 10 42c0-18 17-32 38-32z"
          fill={`url(#${gradient})`}
        />
        <path
          d="M48 57c-1 0-15-8.6-15-18.4 0-5 3.8-8.6 8.4-8.6 3 0 5.3 1.6 6.6 3.8 1.3-2.2 3.6-3.8 6.6-3.8 4.6 0 8.4 3.6 8.4 8.6C63 48.4 49 57 48 57z"
          fill="#FFFFFF"
        />
      </svg>
      {wordmark ? (
        <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', lineHeight: 1.1 }}>
          <span
            style={{ fontSize: size * 0.34, fontWeight: 700, letterSpacing: '0.12em', color: 'var(--hn-color-text)' }}
          >
            本音
          </span>
          <span style={{ fontSize: size * 0.14, letterSpacing: '0.3em', color: 'var(--hn-color-text-muted)' }}>
            HONNE
          </span>
        </span>
      ) : null}
    </div>
  );
}
