import { MESSAGE_STATUS } from '@honne/contracts/chat';

/** A message's state on this screen: the server's statuses plus `sending` while a send is under way. */
export type LocalStatus = 'sending' | 'sent_success' | 'sent_fail' | 'refused' | 'received' | 'read';

export type StatusEvent = { type: 'send' } | { type: 'acked'; status: string } | { type: 'failed' } | { type: 'read' };

/**
 * Spec §4 (messages): sending → sent_success, refused (the server said the receiver blocked me) or
 * sent_fail (no answer; resent on tap or when the room opens); sent_success → read when the other
 * side reads it. Refused and read are final; anything else is ignored.
 */
export function nextStatus(current: LocalStatus, event: StatusEvent): LocalStatus {
  switch (event.type) {
    case 'send':
      return current === 'sent_fail' || current === 'sending' ? 'sending' : current;
    case 'acked':
      if (current !== 'sending') return current;
      if (event.status === MESSAGE_STATUS.refused) return 'refused';
      if (event.status === MESSAGE_STATUS.read) return 'read';
      return 'sent_success';
    case 'failed':
      return current === 'sending' ? 'sent_fail' : current;
    case 'read':
      return current === 'sent_success' ? 'read' : current;
    default:
      return current;
  }
}
