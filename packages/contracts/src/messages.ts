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
  /** 'ネットワークから切断されました。' (topics spec §5/§8, quoted): the offline banner. */
  disconnected: 'ネットワークから切断されました。',
  /** 'Could not get user info. Please log in again.' */
  forcedLogout: 'ユーザー情報を取得できませんでした。再度ログインしてください。',
  /**
   * Ours (walk #26): why a device was signed out, said before the spec's forced-logout text when
   * another device's login ended this session (spec §4: one device per user).
   */
  otherDeviceLogout: '別の端末でログインされたため、この端末ではログアウトしました。',
  sessionExpired: 'ログインの有効期限が切れました。再度ログインしてください。',
  notFound: '該当するデータが見つかりません。',
  forbidden: 'この操作を行う権限がありません。',
  invalidInput: '入力内容が正しくありません。',
  rateLimited: 'リクエストが多すぎます。しばらく待ってからもう一度お試しください。',
  /** Not in the spec: a body over the size limit (413). */
  payloadTooLarge: '送信できるサイズを超えています。',
  /** Not in the spec: a request whose body stopped arriving (408). */
  requestTimeout: '通信がタイムアウトしました。もう一度お試しください。',

  emailRequired: 'メールアドレスを入力してください。',
  emailTooLong: 'メールアドレスは100文字以内で入力してください。',
  emailFormat: 'メールアドレスの形式が正しくありません。',
  emailTaken: 'このメールアドレスはすでに登録されています。',
  /** A banned person's address at sign-up (issue 27): no reason given. */
  emailUnavailable: 'このメールアドレスはご利用いただけません。',
  confirmEmailMismatch: '確認用メールアドレスが一致しません。',
  passwordRequired: 'パスワードを入力してください。',
  passwordLength: 'パスワードは8文字以上20文字以内で入力してください。',
  confirmPasswordMismatch: '確認用パスワードが一致しません。',
  confirmPasswordRequired: '確認用パスワードを入力してください。',
  /** 'Please be sure to click the terms of use and confirm.' */
  termsRequired: '必ず利用規約をクリックして確認してください。',
  verifyCodeFormat: '認証コードは6桁の数字で入力してください。',
  verifyCodeInvalid: '認証コードが正しくありません。',
  verifyCodeExpired: '認証コードの有効期限が切れました。新しいコードを送信してください。',
  verifyCodeTooManyAttempts: '認証コードの入力回数が上限に達しました。新しいコードを送信してください。',
  alreadyVerified: 'このメールアドレスは認証済みです。ログインしてください。',
  loginFailed: 'メールアドレスまたはパスワードが正しくありません。',
  /** Sign-in of a person a moderator suspended or banned (every character). */
  accountRestricted: 'このアカウントは利用規約違反のため停止されています。詳しくはお問い合わせください。',
  accountNotVerified: 'メールアドレスの認証が完了していません。届いた認証コードを入力してください。',
  deviceRequired: '端末情報が不足しています。',

  /** 'username must be within 10 characters' */
  userNameRequired: 'ユーザー名を入力してください。',
  userNameTooLong: 'ユーザー名は10文字以内で入力してください。',
  genderRequired: '性別を選択してください。',
  ageRequired: '年代を選択してください。',
  areaRequired: 'エリアを選択してください。',
  invalidChoice: '選択肢の中から選んでください。',
  ratingRange: '1〜5の中から選んでください。',
  banTextTooLong: '禁止事項は100文字以内で入力してください。',
  prTextTooLong: '自己PRは500文字以内で入力してください。',
  /** 'Please upload an image of at least 110px wide x 110px tall.' */
  imageTooSmall: '幅110px×高さ110px以上の画像をアップロードしてください。',
  /** 'Please upload a JPG/JPEG/PNG image file.' */
  imageType: 'JPG/JPEG/PNG形式の画像ファイルをアップロードしてください。',
  imageRequired: '画像を選択してください。',
  /** 'Password changed.' */
  passwordChanged: 'パスワードを変更しました。',
  currentPasswordWrong: '現在のパスワードが正しくありません。',
  /** The text filter (issue 28; docs/strings.md): a refused word, and contact details in a 1:1 chat. */
  textRefused: '不適切な表現が含まれているため、送信できません。表現を変えてもう一度お試しください。',
  /** A `hold` word where nothing can wait for a moderator (names, self-PR; ADR 0037). */
  textNeedsReview: '運営の確認が必要な表現が含まれているため、保存できません。表現を変えてもう一度お試しください。',
  contactRefused:
    '安全のため、年齢確認済みの方同士でないと連絡先の交換はできません。（電話番号・メールアドレス・SNSのID・URL・会う約束）',
  /** Flood limits (issue 28, ADR 0028; docs/strings.md): too many messages in a room, one text to many rooms. */
  floodRoom: '短い時間にたくさん送信しています。少し待ってからもう一度お試しください。',
  floodSameText: '同じ内容を多くの相手に続けて送ることはできません。少し時間をおいてください。',
  /** Voices past a per-minute or per-hour limit (ADR 0037). */
  floodVoices: '短い時間にたくさん投稿しています。少し待ってからもう一度お試しください。',
  floodSameVoice: '同じ内容を何度も続けて投稿することはできません。少し時間をおいてください。',
  /** Deleting an account asks for the password again (issue 33; docs/strings.md). */
  deletePasswordWrong: 'パスワードが正しくありません。',
  /** 'SNS information was saved' */
  snsSaved: 'SNS情報を保存しました。',
  snsInvalid: 'URLまたはユーザー名の形式が正しくありません。',
  snsTooLong: '255文字以内で入力してください。',
  retentionInvalid: 'メッセージの最大保存時間を選択してください。',
  /**
   * 'Character added; log in again.' No new login is needed (the switcher starts a session as the
   * new character), so the second half says what happens instead (docs/strings.md).
   */
  characterAdded: 'キャラクターを追加しました。切り替えると、新しいキャラクターのプロフィール設定がはじまります。',
  characterLimit: 'キャラクターは3人までです。',
  characterNotFound: 'このキャラクターは見つかりません。',
  /** '新パスワードを設定完了しました。' (spec §8, quoted) */
  resetDone: '新パスワードを設定完了しました。',
  /** 'Please enter the phone number' */
  phoneRequired: '電話番号を入力してください。',
  phoneInvalid: '電話番号の形式が正しくありません。',
  /** 'Invalid code' */
  otpInvalid: 'コードが正しくありません。',
  deleted: 'アカウントを削除しました。',
  /** '通報内容を入力してください。' (spec §5, quoted) */
  reportRequired: '通報内容を入力してください。',
  reportTooLong: '通報内容は1000文字以内で入力してください。',
  cannotReportSelf: '自分自身を通報することはできません。',
  /** 'すでにともだちになっています' (spec §5, quoted) */
  alreadyFriends: 'すでにともだちになっています',
  /** 'ともだちを追加しました。' (spec §8, quoted) */
  friendAdded: 'ともだちを追加しました。',
  /** Ours (walk #21): a friend request sent; the other person accepts it on their friend list. */
  friendRequested: 'ともだち申請を送りました。お相手が承認すると、ともだちになります。',
  friendRequestGone: 'このともだち申請は見つかりません。',
  cannotFriendSelf: '自分をともだちに追加することはできません。',
  cannotFriendBlocked: 'このユーザーはともだちに追加できません。',
  cannotFriendAnonymous: '匿名でやりとりしている相手とは、ともだちになれません。',
  cannotBlockSelf: '自分をブロックすることはできません。',
  keywordRequired: 'キーワードを入力してください。',
  reportSuccess: 'success',

  // ---- themes and voices (spec topics-chat-calls §4, §5, §8) ----
  /** 'カテゴリを選択してください。' (spec §5, quoted) */
  categoryRequired: 'カテゴリを選択してください。',
  /** ' サブカテゴリーを選択してください。' (spec §5, quoted with its leading space) */
  subCategoryRequired: ' サブカテゴリーを選択してください。',
  /** ' 地域を選択してください。' (spec §5, quoted with its leading space): area id 1 cannot be posted to */
  regionRequired: ' 地域を選択してください。',
  /** 'ユーザーの投稿数が制限されています。' (spec §5, quoted) */
  topicLimit: 'ユーザーの投稿数が制限されています。',
  /** '文字列の最大長さ100' (spec §5, quoted) */
  maxLength100: '文字列の最大長さ100',
  /** '文字列の最大長さ200' (spec §5, quoted) */
  maxLength200: '文字列の最大長さ200',
  titleRequired: 'タイトルを入力してください。',
  threadNameRequired: 'テーマ名を入力してください。',
  /** 'missing parameters' (a category without a sub-category on the theme list) */
  missingParameters: 'パラメータが不足しています。',
  /** '該当する声がありません。既に削除されている可能性があります。' (spec §5/§8, quoted) */
  voiceGone: '該当する声がありません。既に削除されている可能性があります。',
  /** 'the display time of the voice has run out' (expiry popup) */
  voiceExpired: '声の表示時間が終了しました。',
  expireNotAllowed: 'このサブカテゴリーでは選択できない表示時間です。',
  priceInvalid: '料金は0から上限までの10ポイント単位で選択してください。',

  /** Spec §8's words when a paid chat or call cannot be paid for ('ポイントが不足です。'). */
  chatPointsShort: 'ポイントが不足です。',
  /** 'Your total points are insufficient.' (gifts; ours, see docs/strings.md) */
  pointsInsufficient: '保有ポイントが不足しています。',
  /** A moderator froze the person's points (ADR 0030): gifts, paid chats, bonuses and paid calls refused. */
  pointsFrozen: '現在ポイントの利用が制限されています。',
  /** A gift to someone who is not the sender's partner in that room, or between blocked users. */
  giftNotAllowed: 'このお相手にはプレゼントを送れません。',
  giftCoinInvalid: 'プレゼントは100・300・500・1000ポイントから選んでください。',
  /** A user under 18 whose spend would pass their monthly cap (gifts, paid chats, paid calls; ours, docs/strings.md). */
  minorMonthlyCap:
    '18歳未満の方が1か月に使えるポイントの上限に達するため、ご利用いただけません。上限は毎月1日に戻ります。',
  /** The age bracket sent is not one of the three offered. */
  ageBracketInvalid: '年齢の区分を選んでください。',
  /** The operator report's base date is not a 31 March or 30 September. */
  baseDateInvalid: '基準日は3月31日か9月30日を YYYY-MM-DD で指定してください。',
  /** The same idempotency key was used for a different movement. */
  idempotencyConflict: 'この操作はすでに別の内容で受け付けられています。',
  /** An operator approving someone who never asked to be an expert. */
  expertNotRequested: 'このユーザーからの申請はありません。',
  /** Refund requests (ours; docs/strings.md). */
  refundReasonRequired: '払い戻しを希望する理由を入力してください。',
  refundReasonTooLong: '理由は1000文字以内で入力してください。',
  refundRequested: '払い戻しのご依頼を受け付けました。運営が内容を確認し、登録のメールアドレスにご連絡します。',
  refundAlreadyOpen: '受付中のご依頼があります。運営からのご連絡をお待ちください。',
  /** The purchase webhook: a payload whose signature does not check out, or one we cannot credit. */
  purchaseSignatureInvalid: '署名を確認できませんでした。',
  purchaseNotCredited: 'この購入はポイントに換えられません。',
  /** An event id the provider already delivered, now with other contents (issue 25): nothing is credited. */
  purchaseConflict: 'このイベントはすでに別の内容で受け付けています。',
  purchasesUnavailable: 'ポイントの購入は現在ご利用いただけません。',
  /** The provider did not open a checkout (ours; docs/strings.md). */
  checkoutFailed: '決済画面を開けませんでした。時間をおいてもう一度お試しください。',
  /** The operator API without, or with a wrong, operator token (or none configured). */
  operatorOnly: '運営者の認証が必要です。',
  pointsAmountInvalid: 'ポイント数は1以上の整数で入力してください。',
  subCategoryLocked: 'このサブカテゴリーに入るにはパスワードが必要です。',
  subCategoryPasswordWrong: 'パスワードが正しくありません。',
  filterEmpty: '絞り込み条件を選択してください。',
  /** 'voice posted' */
  voicePosted: '声を投稿しました。',
  /** 'posting again deletes all earlier messages in that theme' */
  postAgainWarning: 'このテーマに再度投稿すると、以前の投稿とそのメッセージはすべて削除されます。よろしいですか？',
  /** 'no history' */
  noHistory: '履歴がありません。',
  /** 'nobody has replied yet' */
  noReplies: 'まだ誰も返信していません。',

  // ---- chat (spec topics-chat-calls §4, §5, §8) ----
  /** 'empty not sent' */
  chatTextRequired: 'メッセージを入力してください。',
  chatTextTooLong: 'メッセージは255文字以内で入力してください。',
  /** 'error sending image, please send again' */
  imageSendFailed: '画像の送信に失敗しました。もう一度送信してください。',
  stampInvalid: 'スタンプを選択してください。',
  soundInvalid: '効果音を選択してください。',
  /** A priced voice: the price confirmation comes before the room (spec §4 room opening). */
  priceConfirmRequired: 'このトークは有料です。料金を確認してください。',
  roomNotFriends: 'ともだちではないため、トークを開始できません。',
  roomNotAReplier: 'このボイスに返信した人とだけトークできます。',
  cannotTalkToSelf: '自分自身とトークすることはできません。',
  partnerRequired: 'トーク相手を選択してください。',
  roomDeleted: 'このトークルームは削除されました。',
  /** 'レビューありがとうございます。' (spec §8, quoted) */
  ratingThanks: 'レビューありがとうございます。',

  // ---- calls (spec topics-chat-calls §4, §5, §8) ----
  /** 'call records are sent by the app itself' (a client posting message types 5–8) */
  callRecordReserved: '通話の記録はアプリが自動で送信します。',
  /** 'トークできませんでした。すでにトーク中です。' (spec §8, quoted): a call attempt while not none */
  callAlreadyInCall: 'トークできませんでした。すでにトーク中です。',
  /** '相手が話中です。' (spec §8, quoted) */
  callPartnerBusy: '相手が話中です。',
  /** '通話できません。' (spec §8, quoted) */
  callUnable: '通話できません。',
  /** 'キャンセルされました。' (spec §8, quoted) */
  callCancelled: 'キャンセルされました。',
  /** '切断されました。' (spec §8, quoted; shown with the cause suffix 11/22/33/44) */
  callDisconnected: '切断されました。',
  /** 'ネットワークから切断されました。' (spec §5/§8, quoted) */
  networkLost: 'ネットワークから切断されました。',
  /** 'this voice does not take calls' (is_callable off) */
  callNotCallable: 'この声は通話を受け付けていません。',
  /** 'the call was declined' */
  callRefused: '通話が拒否されました。',
  /** 'no call in progress' */
  callNone: '通話中ではありません。',
} as const;

/** 'N sub-characters exist, so cannot delete' */
export const subCharactersExist = (n: number) => `サブキャラクターが${n}人いるため、削除できません。`;

export type MessageKey = keyof typeof messages;

/**
 * A muted (or suspended) person trying to post a voice, chat or place a call (issue 27): the end of
 * the restriction in Japan's time, e.g. 「現在、投稿・チャット・通話が制限されています（11月28日 15:00まで）」;
 * with no end (until lifted) the sentence stops after 制限されています.
 */
export const restrictedUntil = (until: Date | null): string => {
  if (!until) return '現在、投稿・チャット・通話が制限されています。';
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('ja-JP', {
      timeZone: 'Asia/Tokyo',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(until)
      .map((x) => [x.type, x.value]),
  );
  return `現在、投稿・チャット・通話が制限されています（${p.month}月${p.day}日 ${p.hour}:${p.minute}まで）`;
};
