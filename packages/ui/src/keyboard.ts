/** The bits of a keyboard event the Enter rule needs (React's and the DOM's both fit). */
export interface EnterKeyEvent {
  key: string;
  keyCode?: number;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  isComposing?: boolean;
  nativeEvent?: { isComposing?: boolean; keyCode?: number };
}

/**
 * Chat input rule of ui.md: Enter sends, Shift/Ctrl+Enter is a newline, and Enter while an IME is
 * composing never sends (Japanese users confirm kana→kanji conversions with Enter; Safari reports
 * that as keyCode 229 without isComposing).
 */
export function isSendEnter(e: EnterKeyEvent): boolean {
  if (e.key !== 'Enter') return false;
  if (e.isComposing || e.nativeEvent?.isComposing) return false;
  if (e.keyCode === 229 || e.nativeEvent?.keyCode === 229) return false;
  if (e.shiftKey || e.ctrlKey || e.metaKey || e.altKey) return false;
  return true;
}
