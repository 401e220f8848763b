/** Length as people count it: one per code point, so an emoji or a rare kanji counts once. */
export const textLength = (value: string): number => [...value].length;

/**
 * The spec's over-limit rule for the ban-list (100) and self-PR (500) boxes: typing beyond the
 * limit is ignored; text that ends up over it anyway (a paste, an IME conversion that lands
 * after the limit) is kept so the person can trim it themselves, and the box turns pink.
 * During IME composition everything passes: rejecting mid-composition breaks Japanese input.
 */
export function nextLimitedText(previous: string, next: string, max: number, composing = false): string {
  if (composing) return next;
  const n = textLength(next);
  if (n <= max) return next;
  const p = textLength(previous);
  // Growing while already at or over the limit: the keystroke is ignored.
  if (n > p && p >= max) return previous;
  return next;
}

export const isOverLimit = (value: string, max: number): boolean => textLength(value) > max;
