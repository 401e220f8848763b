export interface AvatarProps {
  src: string | null | undefined;
  /** The person's name, or '' when the picture is decoration next to the name. */
  alt: string;
  size?: number;
}

/** A round profile picture; a soft placeholder while there is none. */
export function Avatar({ src, alt, size = 64 }: AvatarProps) {
  return src ? (
    <img className="hn-avatar" src={src} alt={alt} width={size} height={size} style={{ width: size, height: size }} />
  ) : (
    <span
      className="hn-avatar hn-avatar--empty"
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      style={{ width: size, height: size }}
    />
  );
}

export interface AvatarGridOption {
  value: string;
  src: string;
  label: string;
}

export interface AvatarGridProps {
  legend: string;
  options: readonly AvatarGridOption[];
  value: string | null | undefined;
  onChange: (value: string) => void;
}

/** The avatar list: three per row, a radio group of pictures. */
export function AvatarGrid({ legend, options, value, onChange }: AvatarGridProps) {
  return (
    <fieldset className="hn-avatar-grid">
      <legend className="hn-visually-hidden">{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="hn-avatar-grid__item">
          <input
            type="radio"
            name={legend}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
          />
          <img src={o.src} alt={o.label} width={96} height={96} />
        </label>
      ))}
    </fieldset>
  );
}
