import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

import { ConfirmDialog, Popup } from './Popup.tsx';

export interface AlertOptions {
  title?: string;
  buttonLabel?: string;
}

export interface ConfirmOptions {
  message: ReactNode;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
}

export interface PopupApi {
  /** Shows a message with one button; resolves when it is closed. */
  alert: (message: ReactNode, options?: AlertOptions) => Promise<void>;
  /** Asks yes/no; resolves true for confirm. */
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  /** Closes every open popup (a 401 or forced logout does this before leaving). */
  closeAll: () => void;
}

type Entry =
  | { id: number; kind: 'alert'; message: ReactNode; options: AlertOptions; resolve: () => void }
  | { id: number; kind: 'confirm'; options: ConfirmOptions; resolve: (ok: boolean) => void };

const PopupContext = createContext<PopupApi | null>(null);

/**
 * Owns the popup stack. The shell renders it once; remotes reach it through `usePopup` because
 * React and this kit are Module Federation singletons, so they share this context.
 */
export function PopupProvider({ children }: { children: ReactNode }) {
  const [stack, setStack] = useState<Entry[]>([]);
  const nextId = useRef(1);

  const remove = useCallback((id: number) => setStack((s) => s.filter((e) => e.id !== id)), []);

  const api = useMemo<PopupApi>(
    () => ({
      alert: (message, options = {}) =>
        new Promise<void>((resolve) => {
          const id = nextId.current++;
          setStack((s) => [...s, { id, kind: 'alert', message, options, resolve }]);
        }),
      confirm: (options) =>
        new Promise<boolean>((resolve) => {
          const id = nextId.current++;
          setStack((s) => [...s, { id, kind: 'confirm', options, resolve }]);
        }),
      closeAll: () =>
        setStack((s) => {
          for (const e of s) {
            if (e.kind === 'alert') e.resolve();
            else e.resolve(false);
          }
          return [];
        }),
    }),
    [],
  );

  // Only the newest popup is shown; the others wait under it.
  const top = stack[stack.length - 1];
  return (
    <PopupContext.Provider value={api}>
      {children}
      {top?.kind === 'alert' ? (
        <Popup
          key={top.id}
          message={top.message}
          {...top.options}
          onClose={() => {
            remove(top.id);
            top.resolve();
          }}
        />
      ) : null}
      {top?.kind === 'confirm' ? (
        <ConfirmDialog
          key={top.id}
          {...top.options}
          onConfirm={() => {
            remove(top.id);
            top.resolve(true);
          }}
          onCancel={() => {
            remove(top.id);
            top.resolve(false);
          }}
        />
      ) : null}
    </PopupContext.Provider>
  );
}

export function usePopup(): PopupApi {
  const api = useContext(PopupContext);
  if (!api) throw new Error('usePopup must be used inside <PopupProvider> (the shell renders it)');
  return api;
}
