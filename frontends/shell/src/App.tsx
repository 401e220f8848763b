import { lazy, Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';

import { AppFrame, OfflineBanner, PopupProvider } from '@honne/ui';

import { CallSlot } from './features/call-slot/CallSlot.tsx';
import { Guard } from './features/guard/Guard.tsx';
import { MainLayout } from './features/layout/MainLayout.tsx';
import { NoticeSheet } from './features/notices/NoticeSheet.tsx';
import { NotFound } from './features/pages/NotFound.tsx';
import { UpdatePrompt } from './features/pwa/UpdatePrompt.tsx';
import { WhiteScreen } from './features/pages/WhiteScreen.tsx';
import { RemoteView } from './features/remote/RemoteView.tsx';
import { ArrivalBanner } from './features/session/ArrivalBanner.tsx';
import { SessionEffects } from './features/session/SessionEffects.tsx';
import { useDegraded } from './features/session/useDegraded.ts';
import { BARE_ROUTES, MAIN_ROUTES, type RemoteId } from './routes.ts';
import { strings } from './strings.ts';

const remote = (id: RemoteId): ReactNode => <RemoteView key={id} id={id} />;
// Only a suspended person ever sees it: kept out of the first load's bytes (splash, login, home).
const RestrictedPage = lazy(() =>
  import('./features/notices/RestrictedPage.tsx').then((m) => ({ default: m.RestrictedPage })),
);

export function App() {
  const degraded = useDegraded();
  // The first route that matches is shown (wouter's Switch), so the catch-all group comes last.
  // Routes are keyed by screen, as the RemoteView inside: two paths of one screen (/agree and
  // /term_of_use) keep it mounted, as before; another screen mounts afresh.
  return (
    <PopupProvider>
      <AppFrame>
        <OfflineBanner degraded={degraded ? { message: strings.degraded } : null} />
        <SessionEffects />
        <ArrivalBanner />
        <NoticeSheet />
        <Guard>
          <Switch>
            {BARE_ROUTES.map(([path, id]) => (
              <Route key={id} path={path}>
                {remote(id)}
              </Route>
            ))}
            <Route key="restricted" path="/restricted">
              <Suspense fallback={null}>
                <RestrictedPage />
              </Suspense>
            </Route>
            <Route key="whitescreen" path="/whitescreen">
              <WhiteScreen />
            </Route>
            {/* A placeholder in the spec: the forgotten-password flow it stands for. */}
            <Route key="forgetpass" path="/forgetpass">
              <Redirect to="/verify_email" replace />
            </Route>
            {/* Under the five-tab bottom navigation; the screens above are full height, with their own footer. */}
            <Route key="main">
              <MainLayout>
                <Switch>
                  {MAIN_ROUTES.map(([path, id]) => (
                    <Route key={id} path={path}>
                      {remote(id)}
                    </Route>
                  ))}
                  <Route key="not-found">
                    <NotFound />
                  </Route>
                </Switch>
              </MainLayout>
            </Route>
          </Switch>
        </Guard>
        <CallSlot />
        <UpdatePrompt />
      </AppFrame>
    </PopupProvider>
  );
}
