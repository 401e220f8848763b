import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';

import { getApi } from '@honne/api-client';
import { EXPERT_STATUS } from '@honne/contracts/accounts';
import { messages } from '@honne/contracts/messages';
import { PROFILE_LIMITS, profileEndpoints } from '@honne/contracts/profile';
import {
  Avatar,
  Button,
  CameraIcon,
  EmptyState,
  ExpertMark,
  GearIcon,
  Header,
  HelpIcon,
  LimitedTextArea,
  Loader,
  Skeleton,
  isOverLimit,
  usePopup,
} from '@honne/ui';

import { strings } from '../../strings.ts';
import { bloodName, imageOf, personalityName, ratingsOf, summaryGender, tagsOf } from '../shared/labels.ts';
import { Meter, TagList } from '../shared/ProfileBits.tsx';
import { useProfile } from '../shared/useProfile.ts';
import { useReport } from '../shared/useReport.ts';

import { CharactersSheet } from './CharactersSheet.tsx';
import { DeleteAccount } from './DeleteAccount.tsx';
import { ExpertRequest } from './ExpertRequest.tsx';
import { HelpSheet } from './HelpSheet.tsx';

/** /mypage (spec §2): the signed-in character's profile, its two texts, and the way to everything else. */
export default function MyPage() {
  const [, navigate] = useLocation();
  const popup = usePopup();
  const report = useReport();
  const { profile, loading, failed, reload, saved } = useProfile();
  const [ban, setBan] = useState('');
  const [pr, setPr] = useState('');
  const [busy, setBusy] = useState(false);
  const [sheet, setSheet] = useState<'characters' | 'help' | 'delete' | null>(null);

  const profileId = profile?.id;
  useEffect(() => {
    if (!profile) return;
    setBan(profile.userCharacterInputWord ?? '');
    setPr(profile.userCharacterInputDetail ?? '');
    // Only when a (different) profile arrives, not on every refresh while typing.
  }, [profileId]);

  // The ban list and the self-PR, saved together; either over its limit blocks saving.
  const texts = [
    {
      label: strings.banList,
      value: ban,
      onChange: setBan,
      max: PROFILE_LIMITS.banText,
      overMessage: messages.banTextTooLong,
      placeholder: strings.banPlaceholder,
      rows: 3,
    },
    {
      label: strings.selfPr,
      value: pr,
      onChange: setPr,
      max: PROFILE_LIMITS.prText,
      overMessage: messages.prTextTooLong,
      placeholder: strings.prPlaceholder,
      rows: 5,
    },
  ];
  const over = texts.some((f) => isOverLimit(f.value, f.max));

  const saveTexts = async () => {
    if (over) return;
    setBusy(true);
    try {
      const { data } = await getApi().client.call(profileEndpoints.update, {
        body: { userCharacterInputWord: ban, userCharacterInputDetail: pr },
      });
      saved(data);
      void popup.alert(strings.saved);
    } catch (e) {
      report(e);
    } finally {
      setBusy(false);
    }
  };

  const headerRight = (
    <>
      <button type="button" className="hn-icon-button" aria-label={strings.help} onClick={() => setSheet('help')}>
        <HelpIcon />
      </button>
      <Link to="/settings" className="hn-icon-button" aria-label={strings.settingsLink}>
        <GearIcon />
      </Link>
    </>
  );

  if (failed && !profile) {
    return (
      <>
        <Header title={strings.myPageTitle} right={headerRight} />
        <EmptyState
          title={strings.profileLoadFailed}
          action={<Button onClick={() => void reload()}>{strings.retry}</Button>}
        />
      </>
    );
  }

  return (
    <>
      <Header title={strings.myPageTitle} right={headerRight} />
      <main className="hn-page" aria-busy={loading}>
        <section className="hn-card" style={{ display: 'flex', gap: 'var(--hn-space-4)', alignItems: 'center' }}>
          <div style={{ position: 'relative', flex: 'none' }}>
            {profile ? (
              <Avatar src={imageOf(profile)} alt={profile.user_name ?? ''} size={88} />
            ) : (
              <Skeleton width={88} height={88} radius="50%" />
            )}
            <button
              type="button"
              className="hn-icon-button"
              aria-label={strings.changeAvatar}
              onClick={() => navigate('/changeavatar')}
              style={{
                position: 'absolute',
                right: -8,
                bottom: -8,
                background: 'var(--hn-color-primary)',
                color: 'var(--hn-color-on-primary)',
                border: '2px solid var(--hn-color-surface)',
              }}
            >
              <CameraIcon size={20} />
            </button>
          </div>
          <div style={{ minWidth: 0, flex: 1, display: 'flex', flexDirection: 'column', gap: 2 }}>
            {profile ? (
              <>
                <h2 className="hn-title" style={{ overflowWrap: 'anywhere' }}>
                  {profile.user_name} {profile.is_approval === EXPERT_STATUS.approved ? <ExpertMark /> : null}
                </h2>
                <p className="hn-text-muted hn-text-small" style={{ margin: 0 }}>
                  {summaryGender(profile.gender) ? (
                    <>
                      <span aria-label={strings.gender}>{summaryGender(profile.gender)}</span>
                      {' ・ '}
                    </>
                  ) : null}
                  {profile.age?.name ?? strings.notSet}
                  {' ・ '}
                  {profile.area?.name ?? strings.notSet}
                </p>
                <Link
                  to="/manage-point"
                  style={{ display: 'inline-flex', alignItems: 'center', gap: 8, minHeight: 44, fontWeight: 700 }}
                >
                  <span>{strings.points}</span>
                  <span className="hn-num">{strings.pointsValue(profile.userCoin)}</span>
                </Link>
                <ExpertRequest status={profile.is_approval} onRequested={() => void reload()} />
              </>
            ) : (
              <Skeleton lines={3} />
            )}
          </div>
        </section>

        <section className="hn-card hn-stack" aria-label={strings.bloodTitle}>
          {profile ? (
            <>
              <dl className="hn-summary">
                <dt>{strings.bloodType}</dt>
                <dd>{bloodName(profile.userBloodSettings?.bloodType)}</dd>
                <dt>{strings.personality}</dt>
                <dd>{personalityName(profile.userBloodSettings?.personality)}</dd>
                {ratingsOf(profile).map((r) => (
                  <Rating key={r.key} label={r.name} value={r.value} />
                ))}
              </dl>
              <TagList tags={tagsOf(profile)} />
            </>
          ) : (
            <Skeleton lines={6} />
          )}
        </section>

        <div className="hn-stack" style={{ gap: 'var(--hn-space-2)' }}>
          <Button variant="secondary" block onClick={() => navigate('/changeprofile')}>
            {strings.editProfile}
          </Button>
          <Button variant="secondary" block onClick={() => navigate('/registration-information/blood-setting-1')}>
            {strings.editBlood}
          </Button>
          <Button variant="secondary" block onClick={() => navigate('/registration-information/sound-setting-1')}>
            {strings.editSound}
          </Button>
          <Button variant="secondary" block onClick={() => setSheet('characters')}>
            {strings.characters}
          </Button>
        </div>

        <section className="hn-card hn-stack">
          {texts.map((props) => (
            <LimitedTextArea key={props.label} {...props} />
          ))}
          <Button block onClick={() => void saveTexts()} disabled={over || !profile} loading={busy}>
            {strings.save}
          </Button>
        </section>

        <Button variant="secondary" block onClick={() => navigate('/settings')}>
          <GearIcon size={20} />
          {strings.settingsLink}
        </Button>
        <Button
          variant="text"
          onClick={() => setSheet('delete')}
          style={{ color: 'var(--hn-color-danger)', alignSelf: 'center' }}
        >
          {strings.deleteAccount}
        </Button>
      </main>
      {sheet === 'characters' ? <CharactersSheet onClose={() => setSheet(null)} /> : null}
      {sheet === 'help' ? <HelpSheet onClose={() => setSheet(null)} /> : null}
      {sheet === 'delete' ? <DeleteAccount onClose={() => setSheet(null)} /> : null}
      {busy ? <Loader /> : null}
    </>
  );
}

function Rating({ label, value }: { label: string; value: number | null }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <Meter label={label} value={value} />
      </dd>
    </>
  );
}
