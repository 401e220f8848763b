import type { UserCard } from '@honne/contracts/topics';
import { Avatar } from '@honne/ui';

import { strings } from '../../strings.ts';

import { MaskIcon } from './icons.tsx';

/** The poster's picture; anonymous posters get a neutral figure and no picture at all. */
export function UserAvatar({
  user,
  size = 48,
  alt = '',
}: {
  user: Pick<UserCard, 'is_anonymous' | 'profile_image'>;
  size?: number;
  alt?: string;
}) {
  if (user.is_anonymous || !user.profile_image) {
    return (
      <span
        className="tp-anon-avatar"
        style={{ width: size, height: size }}
        role={alt ? 'img' : undefined}
        aria-label={alt ? (user.is_anonymous ? strings.anonymous : alt) : undefined}
      >
        <MaskIcon size={Math.round(size * 0.55)} />
      </span>
    );
  }
  return <Avatar src={user.profile_image} alt={alt} size={size} />;
}
