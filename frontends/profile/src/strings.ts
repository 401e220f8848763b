/**
 * Every Japanese string of the profile remote. Quoted exactly where the spec gives Japanese
 * ('つぎへ', '行われ', 想定しないエラーが発生しました。 via contracts); where the spec gives English
 * the Japanese is ours (the English gloss is in the comment). Validation and error messages come
 * from @honne/contracts `messages`, so client and server say the same words.
 */
export const strings = {
  // Splash
  /** 'delivers the voice of the heart, a genuine-voice social network' */
  tagline: '心の声を届ける、本音のSNS',
  start: 'はじめる',
  tutorialLink: 'はじめての方へ（使い方を見る）',
  splashAutoNote: 'まもなくログイン画面に移動します',

  // Tutorial
  tutorialTitle: '使い方',
  /** Spec §2, quoted. */
  next: 'つぎへ',
  /** Spec §2 quotes this as the last page's button; kept exactly. */
  last: '行われ',
  skip: 'スキップ',
  tutorialPage: (n: number, total: number) => `${total}ページ中${n}ページ目`,
  tutorialPages: [
    {
      title: '3つのキャラクター',
      body: 'ひとつのアカウントで、最大3人の「なりたい自分」をつくれます。話したい相手や気分にあわせて、キャラクターを使い分けましょう。',
    },
    {
      title: '時間がたつと消えるメッセージ',
      body: 'メッセージや投稿、写真は、あなたが決めた時間がたつと自動で消えます。残らないから、本音を気軽に届けられます。',
    },
    {
      title: 'あいさつ通話',
      body: '気になる声を見つけたら、あいさつ通話ですぐに話しかけられます。文字だけでは伝わらない気持ちも、声なら届きます。',
    },
    {
      title: '3人はそれぞれ独立',
      body: '3人のキャラクターは、ともだちも履歴もそれぞれ別々。だれにも気をつかわず、安心して使い分けられます。',
    },
  ],

  // Login
  loginTitle: 'ログイン',
  email: 'メールアドレス',
  password: 'パスワード',
  passwordHint: '8〜20文字',
  loginButton: 'ログイン',
  /** 'forgot password' link → /verify_email */
  forgotPassword: 'パスワードをお忘れの方',
  /** 'new account' link → /tutorial */
  newAccount: '新規アカウント作成',

  // Sign-up
  signUpTitle: 'アカウント作成',
  emailConfirm: 'メールアドレス（確認用）',
  passwordConfirm: 'パスワード（確認用）',
  termsLink: '利用規約',
  termsAgreeSuffix: 'に同意する',
  termsGateNote: '利用規約を開いて内容を確認すると、チェックできるようになります。',
  createButton: 'アカウントを作成する',
  haveAccount: 'アカウントをお持ちの方はこちら',

  // Verification step
  verifyTitle: '認証コードの入力',
  verifyLead: (email: string) =>
    `${email} に6桁の認証コードを送信しました。メールに記載されたコードを入力してください。`,
  verifyCode: '認証コード（6桁）',
  verifyButton: '認証する',
  resendCode: '認証コードを再送信する',
  resent: '認証コードを再送信しました。メールをご確認ください。',
  codeValidFor: (minutes: number) => `コードの有効期限は${minutes}分です。`,

  // Terms
  termsTitle: '利用規約',
  termsClose: '閉じる',
  termsUpdated: '最終更新日：2022年1月10日',

  // Onboarding placeholder (issue 3 builds it)
  registrationTitle: 'プロフィール登録',
  registrationHeading: 'ようこそ、本音へ',
  registrationBody: 'アカウントの登録が完了し、ログインしました。',
  registrationPending:
    'ユーザー名・性別・年代・エリアなど、プロフィールを登録する画面は現在準備中です。次のアップデートで利用できるようになりますので、今しばらくお待ちください。',
  logout: 'ログアウト',

  // My page / settings (later issues fill them in)
  myPageTitle: 'マイページ',
  myPagePending: 'マイページは現在準備中です。プロフィールの表示や編集は、次のアップデートで利用できるようになります。',
  settingsTitle: '設定',
  settingsLink: '設定',
  comingSoon: '準備中',
  settingsRows: {
    profile: 'プロフィール',
    password: 'パスワード変更',
    sns: 'SNS情報',
    messageSound: 'メッセージ着信音',
    greetingCall: 'あいさつ通話設定',
    retention: 'チャットの最大保存時間',
    blocklist: 'ブロックリストの編集',
    terms: '利用規約',
  },
} as const;
