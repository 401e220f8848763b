import { uiStrings } from '../strings.ts';

import { CloudOffIcon } from './icons.tsx';
import { useOnlineStatus } from './useOnlineStatus.ts';

/**
 * Visible while offline, or while the app's servers say a part is away (`degraded`, with its own
 * message); announced politely to screen readers. Being offline wins: it is the user's to fix.
 * Renders nothing when all is well.
 */
export function OfflineBanner({
  message = uiStrings.offline,
  degraded,
}: {
  message?: string;
  degraded?: { message: string } | null;
}) {
  const online = useOnlineStatus();
  const text = !online ? message : degraded?.message;
  if (!text) return null;
  return (
    <div className={online ? 'hn-offline hn-offline--degraded' : 'hn-offline'} role="status" aria-live="polite">
      <CloudOffIcon size={18} />
      <span>{text}</span>
    </div>
  );
}
