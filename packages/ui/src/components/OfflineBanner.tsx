import { uiStrings } from '../strings.ts';

import { CloudOffIcon } from './icons.tsx';
import { useOnlineStatus } from './useOnlineStatus.ts';

/** Visible while offline; announced politely to screen readers. Renders nothing when online. */
export function OfflineBanner({ message = uiStrings.offline }: { message?: string }) {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div className="hn-offline" role="status" aria-live="polite">
      <CloudOffIcon size={18} />
      <span>{message}</span>
    </div>
  );
}
