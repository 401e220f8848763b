/** The profile remote: the public sign-in screens, onboarding, my page and settings. */
export const mfConfig = {
  name: 'profile',
  kind: 'remote',
  exposes: {
    './Splash': './src/features/splash/Splash.tsx',
    './Tutorial': './src/features/tutorial/Tutorial.tsx',
    './Login': './src/features/login/Login.tsx',
    './SignUp': './src/features/signup/SignUp.tsx',
    './Terms': './src/features/terms/Terms.tsx',
    './RegistrationInformation': './src/features/registration/RegistrationInformation.tsx',
    './MyPage': './src/features/mypage/MyPage.tsx',
    './Settings': './src/features/settings/Settings.tsx',
  },
} as const;
