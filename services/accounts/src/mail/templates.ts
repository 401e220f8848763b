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
