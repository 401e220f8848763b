import type { ReactNode } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router';

import { AppFrame, OfflineBanner, PopupProvider } from '@honne/ui';

import { CallSlot } from './features/call-slot/CallSlot.tsx';
import { Guard } from './features/guard/Guard.tsx';
import { MainLayout } from './features/layout/MainLayout.tsx';
import { NotFound } from './features/pages/NotFound.tsx';
import { WhiteScreen } from './features/pages/WhiteScreen.tsx';
import { RemoteView } from './features/remote/RemoteView.tsx';
import { SessionEffects } from './features/session/SessionEffects.tsx';
import { useDegraded } from './features/session/useDegraded.ts';
import { strings } from './strings.ts';

const remote = (id: Parameters<typeof RemoteView>[0]['id']): ReactNode => <RemoteView key={id} id={id} />;

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
                <Route path="/splash" element={remote('profile/Splash')} />
                <Route path="/tutorial" element={remote('profile/Tutorial')} />
                <Route path="/login" element={remote('profile/Login')} />
                <Route path="/signup" element={remote('profile/SignUp')} />
                <Route path="/agree" element={remote('profile/Terms')} />
                <Route path="/term_of_use" element={remote('profile/Terms')} />
                <Route path="/whitescreen" element={<WhiteScreen />} />
                <Route path="/verify_email" element={remote('profile/VerifyEmail')} />
                <Route path="/verify_code" element={remote('profile/VerifyCode')} />
                <Route path="/reset_password" element={remote('profile/ResetPassword')} />
                <Route path="/OTP" element={remote('profile/Otp')} />
                <Route path="/OTPConfirm" element={remote('profile/OtpConfirm')} />
                <Route path="/OTPResult" element={remote('profile/OtpResult')} />
                <Route path="/code" element={remote('profile/SignUpCode')} />
                {/* A placeholder in the spec: the forgotten-password flow it stands for. */}
                <Route path="/forgetpass" element={<Navigate to="/verify_email" replace />} />
                <Route path="/setting-information" element={remote('profile/SettingInformation')} />
                <Route path="/registration-information/*" element={remote('profile/RegistrationInformation')} />
                {/* Full-height screens with their own footer: no bottom navigation. */}
                <Route path="/chat/:roomId" element={remote('chat/ChatRoom')} />
                <Route path="/trumpet/:roomId" element={remote('chat/Trumpet')} />
                <Route path="/present/:roomId" element={remote('chat/Present')} />
              </Route>
              <Route element={<MainLayout />}>
                <Route index element={remote('topics/PostList')} />
                <Route path="/mypage" element={remote('profile/MyPage')} />
                <Route path="/settings" element={remote('profile/Settings')} />
                <Route path="/manage-point" element={remote('profile/ManagePoint')} />
                <Route path="/changeprofile" element={remote('profile/ChangeProfile')} />
                <Route path="/changeusername" element={remote('profile/ChangeUserName')} />
                <Route path="/changeavatar" element={remote('profile/ChangeAvatar')} />
                <Route path="/takepicture" element={remote('profile/TakePicture')} />
                <Route path="/defaultimages" element={remote('profile/DefaultImages')} />
                <Route path="/changepassword" element={remote('profile/ChangePassword')} />
                <Route path="/sns_info" element={remote('profile/SnsInfo')} />
                <Route path="/search" element={remote('topics/LatestPosts')} />
                <Route path="/search_list" element={remote('topics/SearchList')} />
                <Route path="/filtertopic" element={remote('topics/FilterTopic')} />
                <Route path="/history/*" element={remote('topics/History')} />
                <Route path="/friendlist" element={remote('chat/Friends')} />
                <Route path="/friendlistcall" element={remote('chat/FriendsCall')} />
                <Route path="/addfriend" element={remote('chat/AddFriend')} />
                <Route path="/blocklist" element={remote('chat/BlockList')} />
                <Route path="*" element={<NotFound />} />
              </Route>
            </Routes>
          </Guard>
          <CallSlot />
        </AppFrame>
      </BrowserRouter>
    </PopupProvider>
  );
}
