import { getApi, isApiError } from '@honne/api-client';
import { messages } from '@honne/contracts/messages';
import { PERSONALITIES, profileEndpoints, type PublicUser } from '@honne/contracts/profile';
import type { Topic } from '@honne/contracts/topics';
import { BottomSheet, Button, ChoiceSheet, LinkedText, SnsLinks, usePopup } from '@honne/ui';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';

import { T, client, myUserId, reference, useFail } from '../../data/api.ts';
import { displayName, expireMs, genderName } from '../../lib/format.ts';
import { strings } from '../../strings.ts';
import { Countdown } from '../shared/Countdown.tsx';
import { ChatIcon, EyeIcon, FlagIcon, HeartIcon, PhoneIcon, PhoneOffIcon } from '../shared/icons.tsx';
import { useTopicEvents } from '../shared/useTopicEvents.ts';
import { UserAvatar } from '../shared/UserAvatar.tsx';

import { ReportDialog } from './ReportDialog.tsx';
import { chatStartStrings, useStartChat } from './useStartChat.ts';

interface Names {
  category: string;
  subCategory: string;
  area: string;
  age: string;
}

export interface TopicDetailProps {
  topic: Topic;
  onClose: () => void;
  /** The voice ran out while open (the caller says so and goes back) or is already gone. */
  onExpired: (id: string) => void;
  /** The click count as the server now has it. */
  onClicked?: (id: string, clicks: number) => void;
  /** The heart count as the server now has it (the list row follows the detail). */
  onHearted?: (id: string, hearts: number) => void;
}

/**
 * The voice detail panel in the style of the friend detail (accounts-profile-friends §2): who
 * posted it (nothing personal for anonymous posters), counts, callable, blood type and
 * personality, remaining time, theme path, title and comment, forbidden matters and self PR,
 * report, chat and call. Opening it records a click (PATCH /topics/updateClick).
 */
export function TopicDetail({ topic: initial, onClose, onExpired, onClicked, onHearted }: TopicDetailProps) {
  const fail = useFail();
  const [topic, setTopic] = useState(initial);
  const [user, setUser] = useState<PublicUser | null>(null);
  const [names, setNames] = useState<Names | null>(null);
  const [reporting, setReporting] = useState(false);
  const [hearted, setHearted] = useState(false);
  const [choosingName, setChoosingName] = useState(false);
  const [choosingCallName, setChoosingCallName] = useState(false);
  const popup = usePopup();
  const chat = useStartChat(initial);
  const report = useRef({ onExpired, onClicked, onHearted, onClose });
  report.current = { onExpired, onClicked, onHearted, onClose };
  const me = myUserId();
  const [, navigate] = useLocation();
  const isMine = topic.is_mine || (topic.user_id !== null && topic.user_id === me);
  const anonymous = topic.is_anonymous || topic.user.is_anonymous;

  const sendHeart = async () => {
    try {
      const r = await client().call(T.heart, { params: { id: topic.id } });
      setHearted(true);
      setTopic((t) => ({ ...t, heart_number: r.data.heart_number }));
      report.current.onHearted?.(topic.id, r.data.heart_number);
    } catch (e) {
      if (isApiError(e) && e.status === 404) onExpired(topic.id);
      else fail(e);
    }
  };

  useEffect(() => {
    let alive = true;
    const api = client();
    api
      .call(T.updateClick, { body: { threadId: initial.id } })
      .then((r) => {
        if (!alive) return;
        setTopic((t) => ({ ...t, click_number: r.data.click_number }));
        report.current.onClicked?.(initial.id, r.data.click_number);
      })
      .catch((e: unknown) => {
        if (alive && isApiError(e) && e.status === 404) report.current.onExpired(initial.id);
      });
    api
      .call(T.topic, { params: { id: initial.id } })
      .then(
        (r) => alive && setTopic((t) => ({ ...r.data, click_number: Math.max(r.data.click_number, t.click_number) })),
      )
      .catch((e: unknown) => {
        if (!alive) return;
        if (isApiError(e) && e.status === 404) report.current.onExpired(initial.id);
        else fail(e);
      });
    if (initial.user_id && !initial.is_anonymous) {
      api
        .call(profileEndpoints.userDetail, { params: { id: initial.user_id } })
        .then((r) => alive && setUser(r.data))
        .catch(() => undefined);
    }
    Promise.all([
      reference.categories(),
      reference.subCategories(initial.category_id),
      reference.areas(),
      reference.ages(),
    ])
      .then(([cats, subs, areas, ages]) => {
        if (!alive) return;
        setNames({
          category: cats.find((c) => c.id === initial.category_id)?.name ?? '',
          subCategory: subs.find((s) => s.id === initial.sub_category_id)?.name ?? '',
          area: areas.find((a) => a.id === initial.area_id)?.name ?? '',
          age: ages.find((a) => a.id === (initial.user.age_id ?? initial.user.age?.id))?.name ?? '',
        });
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [initial, fail]);

  // An operator hid the voice, or suspended its poster, while it is open (issue 27; its poster is
  // never told): say what opening it now would say, and close. The list drops the row itself.
  useTopicEvents(null, {
    hidden: (id) => {
      if (id === initial.id) void popup.alert(messages.voiceGone).then(() => report.current.onClose());
    },
  });

  const name = displayName(topic.user);
  const blood = user?.userBloodSettings?.bloodType ?? null;
  const personality = PERSONALITIES.find((p) => p.value === user?.userBloodSettings?.personality)?.name ?? null;
  const areaName = user?.area?.name ?? null;
  const ageName = user?.age?.name ?? (names?.age || null);
  const gender = anonymous ? null : genderName(user?.gender ?? topic.user.gender);

  return (
    <>
      <BottomSheet title={strings.detailTitle} onClose={onClose}>
        <article className="tp-detail" aria-label={topic.title}>
          <div className="tp-detail__head">
            <UserAvatar user={topic.user} size={72} alt={name} />
            <div style={{ minWidth: 0 }}>
              <h3 className="tp-detail__name">{name}</h3>
              {anonymous ? (
                <p className="tp-note">{strings.anonymousProfile}</p>
              ) : (
                <div className="tp-detail__facts">
                  <span>{areaName ?? names?.area ?? ''}</span>
                  {gender ? <span aria-label={`${strings.gender} ${gender}`}>{gender}</span> : null}
                  {ageName ? <span>{ageName}</span> : null}
                </div>
              )}
              {!anonymous ? (
                <p className="tp-note">
                  {strings.bloodPersonality(blood ?? strings.notSet, personality ?? strings.notSet)}
                </p>
              ) : null}
            </div>
          </div>

          <div className="tp-detail__stats">
            <span className="tp-detail__stat">
              <EyeIcon />
              <b>{topic.click_number}</b>
              {strings.clicks}
            </span>
            {isMine ? (
              <span className="tp-detail__stat">
                <HeartIcon />
                <b>{topic.heart_number}</b>
                {strings.hearts}
              </span>
            ) : (
              <button
                type="button"
                className="tp-detail__stat tp-detail__heart"
                aria-pressed={hearted}
                aria-label={hearted ? strings.heartSent : strings.sendHeart}
                disabled={hearted}
                onClick={() => void sendHeart()}
              >
                <HeartIcon />
                <b>{topic.heart_number}</b>
                {strings.hearts}
              </button>
            )}
            <span className="tp-detail__stat">
              {topic.is_callable ? <PhoneIcon /> : <PhoneOffIcon />}
              <b style={{ fontSize: 12 }}>{topic.is_callable ? strings.callable : strings.notCallable}</b>
            </span>
          </div>

          <div className="tp-replies__line">
            <Countdown expireAtMs={expireMs(topic)} onExpire={() => onExpired(topic.id)} compact={false} />
          </div>

          {/* The price is known before anyone starts a chat or a call (issue 18). */}
          <dl className="tp-detail__prices" aria-label={strings.pricesLabel}>
            <div>
              <dt>{strings.chatPrice}</dt>
              <dd>{topic.chat_price > 0 ? strings.points(topic.chat_price) : strings.free}</dd>
            </div>
            <div>
              <dt>{strings.callPrice}</dt>
              <dd>{topic.call_price > 0 ? strings.points(topic.call_price) : strings.free}</dd>
            </div>
          </dl>

          <p className="tp-detail__path">
            {names ? [names.category, names.subCategory, names.area].filter(Boolean).join(' / ') : '\u00a0'}
          </p>

          <div className="hn-stack" style={{ gap: 8 }}>
            <h3 className="tp-detail__title">
              <LinkedText text={topic.title} />
            </h3>
            {topic.comment ? (
              <p className="tp-detail__comment">
                <LinkedText text={topic.comment} />
              </p>
            ) : null}
          </div>

          {!anonymous ? (
            <>
              <section>
                <h3>{strings.forbiddenMatters}</h3>
                <p>{user?.userCharacterInputWord?.trim() || strings.noData}</p>
              </section>
              <section>
                <h3>{strings.selfPr}</h3>
                <p>{user?.userCharacterInputDetail?.trim() || strings.noData}</p>
              </section>
              {user ? <SnsLinks user={user} /> : null}
            </>
          ) : null}

          {!isMine ? (
            <>
              <div className="tp-detail__actions">
                <Button variant="secondary" onClick={() => setChoosingName(true)} loading={chat.busy}>
                  <ChatIcon size={18} />
                  {strings.chat}
                </Button>
                <Button
                  variant="secondary"
                  aria-disabled={topic.is_callable ? undefined : 'true'}
                  style={topic.is_callable ? undefined : { opacity: 0.45 }}
                  onClick={() =>
                    topic.is_callable ? setChoosingCallName(true) : void popup.alert(chatStartStrings.notCallable)
                  }
                >
                  {topic.is_callable ? <PhoneIcon size={18} /> : <PhoneOffIcon size={18} />}
                  {strings.call}
                </Button>
              </div>
            </>
          ) : null}

          {isMine ? (
            <div className="tp-detail__actions">
              <Button variant="secondary" onClick={() => navigate(`/history/${topic.id}/replies`)}>
                <ChatIcon size={18} />
                {strings.openReplies}
              </Button>
            </div>
          ) : null}

          {/* Reports go to topics, which knows the poster even when the voice is anonymous. */}
          {!isMine ? (
            <Button variant="text" onClick={() => setReporting(true)}>
              <FlagIcon size={16} />
              {strings.report}
            </Button>
          ) : null}
        </article>
      </BottomSheet>
      {choosingName ? (
        <NameChoiceSheet
          onChoose={(anonymous) => {
            setChoosingName(false);
            void chat.start(anonymous);
          }}
          onClose={() => setChoosingName(false)}
        />
      ) : null}
      {choosingCallName ? (
        <NameChoiceSheet
          onChoose={(anonymous) => {
            setChoosingCallName(false);
            // The call overlay (chat remote, in the shell's slot) records the greeting and places the call.
            getApi()
              .calls.start({ kind: 'topic', topic_id: topic.id, is_anonymous: anonymous })
              .catch((error: unknown) => void fail(error));
          }}
          onClose={() => setChoosingCallName(false)}
        />
      ) : null}
      {reporting ? <ReportDialog topicId={topic.id} name={name} onClose={() => setReporting(false)} /> : null}
    </>
  );
}

/** The name a chat or a call on the voice starts under: the caller's own, or anonymous. */
function NameChoiceSheet({ onChoose, onClose }: { onChoose: (anonymous: boolean) => void; onClose: () => void }) {
  return (
    <ChoiceSheet<number>
      title={chatStartStrings.nameTitle}
      options={[
        { value: 0, label: chatStartStrings.asMyName },
        { value: 1, label: chatStartStrings.asAnonymous },
      ]}
      value={-1}
      onChoose={(v) => onChoose(v === 1)}
      onClose={onClose}
    />
  );
}
