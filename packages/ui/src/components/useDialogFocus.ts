import { useEffect, useRef } from 'react';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Open dialogs, newest last. Escape is heard on the document and closes only the newest one: a
 * listener on the dialog alone missed it whenever focus had left the dialog (a sheet opened from
 * another sheet gets the focus back-and-forth of both), so Escape did nothing.
 */
const open: { escape: { current: (() => void) | undefined } }[] = [];
let listening = false;
function onDocumentKey(e: KeyboardEvent): void {
  if (e.key !== 'Escape' || e.defaultPrevented) return;
  const top = open[open.length - 1];
  if (!top?.escape.current) return;
  e.preventDefault();
  e.stopPropagation();
  top.escape.current();
}

/**
 * Keeps keyboard focus inside an open dialog: focuses its first control, cycles Tab within it,
 * calls `onEscape` on Escape (the newest dialog only), and gives focus back to where it was when
 * the dialog closes.
 */
export function useDialogFocus<T extends HTMLElement>(onEscape?: () => void) {
  const ref = useRef<T>(null);
  const escape = useRef(onEscape);
  escape.current = onEscape;
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const previous = document.activeElement as HTMLElement | null;
    const first = node.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node).focus();
    const entry = { escape };
    open.push(entry);
    if (!listening) {
      document.addEventListener('keydown', onDocumentKey);
      listening = true;
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Tab') return;
      const items = Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) return;
      const head = items[0]!;
      const tail = items[items.length - 1]!;
      if (e.shiftKey && document.activeElement === head) {
        e.preventDefault();
        tail.focus();
      } else if (!e.shiftKey && document.activeElement === tail) {
        e.preventDefault();
        head.focus();
      }
    };
    node.addEventListener('keydown', onKey);
    return () => {
      node.removeEventListener('keydown', onKey);
      open.splice(open.indexOf(entry), 1);
      if (open.length === 0) {
        document.removeEventListener('keydown', onDocumentKey);
        listening = false;
      }
      previous?.focus?.();
    };
  }, []);
  return ref;
}
