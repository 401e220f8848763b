import { CHAT_LIMITS } from '@honne/contracts/chat';

/** Chat text to send: trimmed; null when empty (nothing is sent) or over 255 characters. */
export function textToSend(raw: string): { text: string } | { error: 'empty' | 'tooLong' } {
  const text = raw.trim();
  if (!text) return { error: 'empty' };
  if ([...text].length > CHAT_LIMITS.textMax) return { error: 'tooLong' };
  return { text };
}

/** Height of the growing text box: its content, at most 70 px (spec §5). */
export const growHeight = (scrollHeight: number, max = 70, min = 40) => Math.max(min, Math.min(max, scrollHeight));
