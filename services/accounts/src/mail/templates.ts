import type { Mail } from './mailer.ts';

export function verificationMail(to: string, code: string, ttlSeconds: number): Mail {
  const minutes = Math.round(ttlSeconds / 60);
  return {
    to,
    subject: '【honne】認証コードのお知らせ',
    text: [
      'honne（本音）にご登録いただきありがとうございます。',
      '',
      `認証コード: ${code}`,
      '',
      `アプリの認証画面でこの6桁のコードを入力してください。コードの有効期限は${minutes}分です。`,
      'このメールに心当たりがない場合は、破棄してください。',
    ].join('\n'),
  };
}

export function resetMail(to: string, code: string, ttlSeconds: number): Mail {
  return {
    to,
    subject: '【honne】パスワード再設定の認証コード',
    text: [
      'パスワード再設定のご依頼を受け付けました。',
      '',
      `認証コード: ${code}`,
      '',
      `アプリの画面でこの6桁のコードを入力し、新しいパスワードを設定してください。コードの有効期限は${Math.round(ttlSeconds / 60)}分です。`,
      'このメールに心当たりがない場合は、破棄してください。パスワードは変更されません。',
    ].join('\n'),
  };
}

export function resetUnknownMail(to: string): Mail {
  return {
    to,
    subject: '【honne】パスワード再設定について',
    text: [
      'このメールアドレスでパスワード再設定のご依頼がありましたが、このアドレスで登録されたアカウントはありません。',
      '別のメールアドレスでご登録の場合は、そのアドレスでもう一度お試しください。',
      'このメールに心当たりがない場合は、破棄してください。',
    ].join('\n'),
  };
}

export function otpMessage(to: string, code: string, ttlSeconds: number): Mail {
  return {
    to,
    subject: '【honne】SMS認証コード',
    text: `honne 認証コード: ${code}（有効期限${Math.round(ttlSeconds / 60)}分）`,
  };
}
