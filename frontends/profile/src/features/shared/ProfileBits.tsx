import { strings } from '../../strings.ts';

/** A 1–5 value as five dots plus the number (not colour alone). */
export function Meter({ value, label }: { value: number | null; label: string }) {
  if (value == null) return <span className="hn-text-muted">{strings.notSet}</span>;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <span role="img" aria-label={`${label} ${value} / 5`} style={{ display: 'inline-flex', gap: 3 }}>
        {[1, 2, 3, 4, 5].map((n) => (
          <span
            key={n}
            style={{
              width: 10,
              height: 10,
              borderRadius: '50%',
              background: n <= value ? 'var(--hn-color-primary)' : 'transparent',
              border: '1.5px solid var(--hn-color-primary)',
            }}
          />
        ))}
      </span>
      <span className="hn-num" aria-hidden="true">
        {value}
      </span>
    </span>
  );
}

export function TagList({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0)
    return (
      <p className="hn-text-muted" style={{ margin: 0 }}>
        {strings.noTags}
      </p>
    );
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 6 }}>
      {tags.map((t) => (
        <li
          key={t}
          className="hn-text-small"
          style={{
            padding: '2px 10px',
            borderRadius: 'var(--hn-radius-pill)',
            background: 'var(--hn-color-primary-soft)',
            color: 'var(--hn-color-primary-hover)',
          }}
        >
          {t}
        </li>
      ))}
    </ul>
  );
}
