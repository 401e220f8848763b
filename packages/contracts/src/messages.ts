/**
 * Japanese messages shared by the services (in error envelopes) and the frontends (client-side
 * checks), so the same rule always says the same words. Where the spec quotes Japanese, it is kept
 * exactly; where the spec gives only an English gloss, the Japanese here is ours and the gloss is
 * kept in the comment (see docs/strings.md).
 */
export const messages = {
  /** 想定しないエラーが発生しました。 (spec §8, quoted) */
  unexpected: '想定しないエラーが発生しました。',
  /** 'Not connected to the network.' */
  offline: 'ネットワークに接続されていません。',
  /** 'Could not get user info. Please log in again.' */
  forcedLogout: 'ユーザー情報を取得できませんでした。再度ログインしてください。',
  sessionExpired: 'ログインの有効期限が切れました。再度ログインしてください。',
  notFound: '該当するデータが見つかりません。',
  forbidden: 'この操作を行う権限がありません。',
  invalidInput: '入力内容が正しくありません。',
  rateLimited: 'リクエストが多すぎます。しばらく待ってからもう一度お試しください。',

  emailRequired: 'メールアドレスを入力してください。',
  emailTooLong: 'メールアドレスは100文字以内で入力してください。',
  emailFormat: 'メールアドレスの形式が正しくありません。',
  emailTaken: 'このメールアドレスはすでに登録されています。',
  confirmEmailMismatch: '確認用メールアドレスが一致しません。',
  passwordRequired: 'パスワードを入力してください。',
  passwordLength: 'パスワードは8文字以上20文字以内で入力してください。',
  confirmPasswordMismatch: '確認用パスワードが一致しません。',
  /** 'Please be sure to click the terms of use and confirm.' */
  termsRequired: '必ず利用規約をクリックして確認してください。',
  verifyCodeFormat: '認証コードは6桁の数字で入力してください。',
  verifyCodeInvalid: '認証コードが正しくありません。',
  verifyCodeExpired: '認証コードの有効期限が切れました。新しいコードを送信してください。',
  verifyCodeTooManyAttempts: '認証コードの入力回数が上限に達しました。新しいコードを送信してください。',
  alreadyVerified: 'このメールアドレスは認証済みです。ログインしてください。',
  loginFailed: 'メールアドレスまたはパスワードが正しくありません。',
  accountNotVerified: 'メールアドレスの認証が完了していません。届いた認証コードを入力してください。',
  deviceRequired: '端末情報が不足しています。',
} as const;

export type MessageKey = keyof typeof messages;
