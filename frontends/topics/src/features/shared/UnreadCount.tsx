import { formatBadge } from '@honne/ui';

import { strings } from '../../strings.ts';

/** A row's unread messages (99+ from 100), read out as a sentence; nothing when all are read. */
export function UnreadCount({ count }: { count: number }) {
  const text = formatBadge(count);
  if (!text) return null;
  return (
    <span className="tp-unread" aria-label={strings.unreadCount(count)}>
      {text}
    </span>
  );
}
