import type { ReactNode } from 'react';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router';

import { AppFrame, OfflineBanner, PopupProvider } from '@honne/ui';

import { Guard } from './features/guard/Guard.tsx';
import { MainLayout } from './features/layout/MainLayout.tsx';
import { ComingSoon, NotFound } from './features/pages/ComingSoon.tsx';
import { Home } from './features/pages/Home.tsx';
import { RemoteView } from './features/remote/RemoteView.tsx';
import { SessionEffects } from './features/session/SessionEffects.tsx';

/** Screens of the main shell that later issues build; each is an honest 準備中 page for now. */
const COMING_SOON_MAIN = [
  '/friendlistcall',
  '/addfriend',
  '/search_list',
  '/manage-point',
  '/filtertopic',
  '/chat/:roomId',
  '/present/:roomId',
  '/trumpet/:roomId',
  '/blocklist',
  '/changeprofile',
  '/changeusername',
  '/changeavatar',
  '/takepicture',
  '/defaultimages',
  '/changepassword',
  '/sns_info',
  '/setting-information',
];

/** Public routes of spec §2 that the password-reset and phone issues will build. */
const COMING_SOON_PUBLIC = [
  '/verify_email',
  '/verify_code',
  '/reset_password',
  '/code',
  '/forgetpass',
  '/OTP',
  '/OTPConfirm',
  '/OTPResult',
];

const remote = (id: Parameters<typeof RemoteView>[0]['id']): ReactNode => <RemoteView key={id} id={id} />;

export function App() {
  return (
    <PopupProvider>
      <BrowserRouter>
        <AppFrame>
          <OfflineBanner />
          <SessionEffects />
          <Guard>
            <Routes>
              <Route element={<Outlet />}>
                <Route path="/splash" element={remote('profile/Splash')} />
                <Route path="/tutorial" element={remote('profile/Tutorial')} />
                <Route path="/login" element={remote('profile/Login')} />
                <Route path="/signup" element={remote('profile/SignUp')} />
                <Route path="/agree" element={remote('profile/Terms')} />
                <Route path="/term_of_use" element={remote('profile/Terms')} />
                <Route path="/whitescreen" element={<div />} />
                {COMING_SOON_PUBLIC.map((path) => (
                  <Route key={path} path={path} element={<ComingSoon backTo="/login" />} />
                ))}
                <Route path="/registration-information/*" element={remote('profile/RegistrationInformation')} />
              </Route>
              <Route element={<MainLayout />}>
                <Route index element={<Home />} />
                <Route path="/mypage" element={remote('profile/MyPage')} />
                <Route path="/settings" element={remote('profile/Settings')} />
                <Route path="/search" element={remote('topics/LatestPosts')} />
                <Route path="/history/*" element={remote('topics/History')} />
                <Route path="/friendlist" element={remote('chat/Friends')} />
                {COMING_SOON_MAIN.map((path) => (
                  <Route key={path} path={path} element={<ComingSoon backTo="/" />} />
                ))}
                <Route path="*" element={<NotFound />} />
              </Route>
            </Routes>
          </Guard>
        </AppFrame>
      </BrowserRouter>
    </PopupProvider>
  );
}
