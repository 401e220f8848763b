import { CHAT_LIMITS, MESSAGE_TYPES, type MessageCreateBody } from '@honne/contracts/chat';
import { IconButton, isSendEnter, useOnlineStatus, usePopup } from '@honne/ui';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';

import { isAcceptedImage, readDataUrl, resizeToJpeg } from '../../lib/image.ts';
import { growHeight, textToSend } from '../../lib/text.ts';
import { uploadImage } from '../../lib/upload.ts';
import { strings } from '../../strings.ts';
import { PhotoIcon, SendIcon, SmileIcon, TrumpetIcon } from '../shared/icons.tsx';

import type { SendOutcome } from './useOutbox.ts';

interface Props {
  roomId: string;
  /** Until the room is open nothing can be sent. */
  ready: boolean;
  send: (body: Omit<MessageCreateBody, 'room_id'>) => Promise<SendOutcome>;
  onOpenStamps: () => void;
}

const grow = (el: HTMLTextAreaElement) => {
  el.style.height = 'auto';
  el.style.height = `${growHeight(el.scrollHeight)}px`;
};

/** The message field and its buttons: image, stamps, sound effects, send; an image's upload progress above. */
/** The counter appears this close to the limit. */
const COUNTER_FROM = 200;

export function Composer({ roomId, ready, send, onOpenStamps }: Props) {
  const [, navigate] = useLocation();
  const popup = usePopup();
  const online = useOnlineStatus();
  const [text, setText] = useState('');
  const [upload, setUpload] = useState<{ label: string; value: number | null } | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const submit = () => {
    const r = textToSend(text);
    if ('error' in r) {
      if (r.error === 'tooLong') void popup.alert(strings.textTooLong);
      return;
    }
    // The field clears at once, as chat apps do; a message the server refuses (the filter, contact
    // details, a block, points) comes back into it to be edited, unless something new was typed.
    const typed = text;
    setText('');
    if (inputRef.current) inputRef.current.style.height = '';
    void send({ message_type_id: MESSAGE_TYPES.text, data: r.text }).then((outcome) => {
      if (outcome !== 'refused') return;
      setText((now) => (now === '' ? typed : now));
      requestAnimationFrame(() => inputRef.current && grow(inputRef.current));
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isSendEnter(e)) {
      e.preventDefault();
      submit();
      return;
    }
    // Ctrl+Enter is a newline too (Shift+Enter already is in a textarea).
    if (e.key === 'Enter' && e.ctrlKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      const el = e.currentTarget;
      const { selectionStart: s, selectionEnd: end } = el;
      const next = `${text.slice(0, s)}\n${text.slice(end)}`;
      setText(next);
      requestAnimationFrame(() => {
        el.selectionStart = el.selectionEnd = s + 1;
        grow(el);
      });
    }
  };

  const onPickImage = async (file: File | undefined) => {
    if (!file) return;
    if (!isAcceptedImage(file)) return void popup.alert(strings.imageType);
    if (!navigator.onLine) return void popup.alert(strings.imageSendFailed);
    try {
      setUpload({ label: strings.resizing, value: null });
      const resized = file.type ? await resizeToJpeg(file) : { dataUrl: await readDataUrl(file) };
      setUpload({ label: strings.uploading(0), value: 0 });
      const up = await uploadImage(roomId, resized.dataUrl, (f) =>
        setUpload({ label: strings.uploading(Math.round(f * 100)), value: f }),
      );
      setUpload(null);
      await send({ message_type_id: MESSAGE_TYPES.image, data: up.url, size: up.size });
    } catch (error) {
      setUpload(null);
      const msg =
        error instanceof Error && /[ぁ-んァ-ン一-龯]/.test(error.message) ? error.message : strings.imageSendFailed;
      void popup.alert(msg);
    }
  };

  // Walk #55: the 255-character limit shows as a counter from 200 on, before sending, not after.
  const length = [...text.trim()].length;
  const over = length > CHAT_LIMITS.textMax;

  return (
    <>
      {length >= COUNTER_FROM ? (
        <div className={over ? 'ch-counter ch-counter--over' : 'ch-counter'} aria-live="polite">
          {strings.charCount(length, CHAT_LIMITS.textMax)}
          {over ? ` ${strings.textTooLong}` : ''}
        </div>
      ) : null}
      {upload ? (
        <div className="ch-progress" role="status">
          <div>{upload.label}</div>
          <progress max={1} value={upload.value ?? undefined} aria-label={upload.label} />
        </div>
      ) : null}

      <footer className="ch-footer">
        <input
          ref={fileRef}
          type="file"
          accept="image/png,image/jpeg,.png,.jpg,.jpeg"
          hidden
          data-testid="chat-image-input"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            void onPickImage(f);
          }}
        />
        <IconButton label={strings.pickImage} disabled={!ready || !!upload} onClick={() => fileRef.current?.click()}>
          <PhotoIcon />
        </IconButton>
        <IconButton label={strings.pickStamp} aria-haspopup="dialog" disabled={!ready} onClick={onOpenStamps}>
          <SmileIcon />
        </IconButton>
        <IconButton label={strings.soundEffects} disabled={!ready} onClick={() => navigate(`/trumpet/${roomId}`)}>
          <TrumpetIcon />
        </IconButton>
        <textarea
          ref={inputRef}
          className="ch-input"
          rows={1}
          value={text}
          placeholder={strings.messagePlaceholder}
          aria-label={strings.messageLabel}
          maxLength={1000}
          // Nothing to type into before the room is known, nor in one that is gone (walk #30).
          disabled={!ready}
          onChange={(e) => {
            setText(e.target.value);
            grow(e.target);
          }}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="ch-send"
          aria-label={strings.send}
          disabled={!ready || !text.trim() || !online || over}
          onClick={submit}
        >
          <SendIcon size={20} />
        </button>
      </footer>
    </>
  );
}
