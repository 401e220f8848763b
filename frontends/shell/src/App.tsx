import type { ReactNode } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router';

import { AppFrame, OfflineBanner, PopupProvider } from '@honne/ui';

import { CallSlot } from './features/call-slot/CallSlot.tsx';
import { Guard } from './features/guard/Guard.tsx';
import { MainLayout } from './features/layout/MainLayout.tsx';
import { NotFound } from './features/pages/NotFound.tsx';
import { UpdatePrompt } from './features/pwa/UpdatePrompt.tsx';
import { WhiteScreen } from './features/pages/WhiteScreen.tsx';
import { RemoteView } from './features/remote/RemoteView.tsx';
import { SessionEffects } from './features/session/SessionEffects.tsx';
import { useDegraded } from './features/session/useDegraded.ts';
import { BARE_ROUTES, MAIN_ROUTES, type RemoteId } from './routes.ts';
import { strings } from './strings.ts';

const remote = (id: RemoteId): ReactNode => <RemoteView key={id} id={id} />;

export function App() {
  const degraded = useDegraded();
  return (
    <PopupProvider>
      <BrowserRouter>
        <AppFrame>
          <OfflineBanner degraded={degraded ? { message: strings.degraded } : null} />
          <SessionEffects />
          <Guard>
            <Routes>
              <Route element={<Outlet />}>
                {BARE_ROUTES.map(([path, id]) => (
                  <Route key={path} path={path} element={remote(id)} />
                ))}
                <Route path="/whitescreen" element={<WhiteScreen />} />
                {/* A placeholder in the spec: the forgotten-password flow it stands for. */}
                <Route path="/forgetpass" element={<Navigate to="/verify_email" replace />} />
              </Route>
              {/* Under the five-tab bottom navigation; the screens above are full height, with their own footer. */}
              <Route element={<MainLayout />}>
                {MAIN_ROUTES.map(([path, id]) =>
                  path === '/' ? (
                    <Route key={path} index element={remote(id)} />
                  ) : (
                    <Route key={path} path={path} element={remote(id)} />
                  ),
                )}
                <Route path="*" element={<NotFound />} />
              </Route>
            </Routes>
          </Guard>
          <CallSlot />
          <UpdatePrompt />
        </AppFrame>
      </BrowserRouter>
    </PopupProvider>
  );
}
