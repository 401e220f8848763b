import { isApiError } from '@honne/api-client';
import type { FieldErrors } from '@honne/contracts';
import type { UserProfile } from '@honne/contracts/accounts';
import { messages } from '@honne/contracts/messages';
import {
  TOPIC_LIMITS,
  defaultExpireMinutes,
  expireOptionsFor,
  validateTopicText,
  type SubCategory,
  type Thread,
  type Topic,
} from '@honne/contracts/topics';
import { BottomSheet, Button, Checkbox, SelectField, Slider, Toggle, useOnlineStatus, usePopup } from '@honne/ui';
import { useState, type FormEvent } from 'react';

import { T, client, useFail } from '../../data/api.ts';
import { strings } from '../../strings.ts';
import { LimitedInput } from '../shared/LimitedInput.tsx';

export interface CreateVoiceProps {
  thread: Thread;
  subCategory: SubCategory;
  profile: UserProfile;
  onClose: () => void;
  onPosted: (topic: Topic) => void;
}

const FIELDS = ['title', 'comment', 'detail', 'expire_after_minute', 'chat_price', 'call_price'] as const;

/** The create dialog of spec §4/§5/§7 as a bottom sheet. */
export function CreateVoice({ thread, subCategory, profile, onClose, onPosted }: CreateVoiceProps) {
  const popup = usePopup();
  const fail = useFail();
  const online = useOnlineStatus();
  const maxMinutes = subCategory.topic_expire_after_max_minutes;
  const chatMax = profile.rank.max_point_for_chatting;
  const callMax = profile.rank.max_point_for_a_call;
  const [title, setTitle] = useState('');
  const [comment, setComment] = useState('');
  const [expire, setExpire] = useState(defaultExpireMinutes(maxMinutes));
  // Free until the poster moves a slider: the spec's client started at half the maximum, which
  // charged people who never chose a price (issue 18; docs/strings.md).
  const [chatPrice, setChatPrice] = useState(0);
  const [callPrice, setCallPrice] = useState(0);
  const [purchaseOnStart, setPurchaseOnStart] = useState(false);
  const [callable, setCallable] = useState(true);
  const [anonymous, setAnonymous] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);

  // The title (≤ 100, required) and the comment (≤ 200), each with its limit’s red note (spec §5).
  const textFields = [
    {
      field: 'title',
      label: strings.titleLabel,
      value: title,
      onChange: setTitle,
      max: TOPIC_LIMITS.titleMax,
      limitNote: messages.maxLength100,
      placeholder: strings.titlePlaceholder,
      required: true,
    },
    {
      field: 'comment',
      label: strings.commentLabel,
      value: comment,
      onChange: setComment,
      max: TOPIC_LIMITS.textMax,
      limitNote: messages.maxLength200,
      placeholder: strings.commentPlaceholder,
      multiline: true,
    },
  ] as const;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const body = { title: title.trim(), comment: comment.trim() };
    const local = validateTopicText(body);
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setSending(true);
    try {
      const r = await client().call(T.createTopic, {
        params: { id: thread.id },
        body: {
          ...body,
          detail: body.comment,
          sub_category_id: thread.sub_category_id,
          area_id: thread.area_id,
          is_callable: callable,
          is_anonymous: anonymous,
          chat_price: chatPrice,
          call_price: callPrice,
          purchase_on_start: purchaseOnStart,
          purchase_type: purchaseOnStart ? 1 : 0,
          expire_after_minute: expire,
        },
      });
      await popup.alert(strings.voicePosted);
      onPosted(r.data);
    } catch (err) {
      if (isApiError(err) && err.kind === 'http' && err.status < 500) {
        const mine: FieldErrors = {};
        const others: string[] = [];
        for (const [k, v] of Object.entries(err.fieldErrors)) {
          if ((FIELDS as readonly string[]).includes(k)) mine[k === 'detail' ? 'comment' : k] = v;
          else others.push(v);
        }
        setErrors(mine);
        if (others.length > 0) void popup.alert(others.join('\n'));
        else if (Object.keys(mine).length === 0) void popup.alert(err.serverMessage ?? messages.unexpected);
      } else fail(err);
    } finally {
      setSending(false);
    }
  };

  return (
    <BottomSheet title={strings.createTitle} onClose={onClose}>
      <form className="tp-form" onSubmit={(e) => void submit(e)} noValidate>
        <p className="tp-note">
          {strings.theme}：{thread.name}
        </p>
        {textFields.map(({ field, ...props }) => (
          <LimitedInput key={field} {...props} error={errors[field]} />
        ))}
        <SelectField
          label={strings.expireLabel}
          value={expire}
          options={expireOptionsFor(maxMinutes).map((o) => ({ value: o.minutes, label: o.label }))}
          onChange={setExpire}
          error={errors.expire_after_minute}
        />
        {chatMax > 0 ? (
          <div>
            <Slider
              label={`${strings.chatPrice}（P）`}
              value={chatPrice}
              onChange={setChatPrice}
              min={0}
              max={chatMax}
              step={TOPIC_LIMITS.priceStep}
              hint={strings.priceHint}
            />
            {errors.chat_price ? <p className="hn-field__error">{errors.chat_price}</p> : null}
          </div>
        ) : null}
        {callMax > 0 ? (
          <div>
            <Slider
              label={`${strings.callPrice}（P）`}
              value={callPrice}
              onChange={setCallPrice}
              min={0}
              max={callMax}
              step={TOPIC_LIMITS.priceStep}
              hint={strings.priceHint}
            />
            {errors.call_price ? <p className="hn-field__error">{errors.call_price}</p> : null}
            <Checkbox checked={purchaseOnStart} onChange={setPurchaseOnStart} label={strings.purchaseOnStart} />
          </div>
        ) : null}
        {chatMax <= 0 && callMax <= 0 ? <p className="tp-note">{strings.noRank}</p> : null}
        {/* A <label> around the words and the switch: tapping the words flips it too (walk #7). */}
        <label className="tp-form__row">
          <span>{strings.callableLabel}</span>
          <Toggle label={strings.callableLabel} hideLabel checked={callable} onChange={setCallable} />
        </label>
        <label className="tp-form__row">
          <span>{strings.anonymousLabel}</span>
          <Toggle label={strings.anonymousLabel} hideLabel checked={anonymous} onChange={setAnonymous} />
        </label>
        <Button type="submit" block loading={sending} disabled={!online}>
          {strings.submit}
        </Button>
        {/* The spec's offline words for posting (topics §5), as the shell's banner says them. */}
        {!online ? <p className="tp-note hn-text-center">{messages.disconnected}</p> : null}
      </form>
    </BottomSheet>
  );
}
