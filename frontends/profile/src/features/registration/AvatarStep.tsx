import { useEffect, useState, type ChangeEvent } from 'react';
import { useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

import { getApi } from '@honne/api-client';
import { avatarPath, defaultAvatarFor } from '@honne/avatars';
import { messages } from '@honne/contracts/messages';
import { profileEndpoints } from '@honne/contracts/profile';
import { Avatar, Button, Header, Loader, ErrorLine } from '@honne/ui';

import { strings } from '../../strings.ts';
import { AvatarSources } from '../shared/AvatarSources.tsx';
import { prepareFile } from '../shared/image.ts';
import { useReport } from '../shared/useReport.ts';

import { REG, useRegistration } from './context.tsx';

/**
 * The avatar step (spec §2): take a photo, choose from the library, or pick a default avatar. An
 * uploaded picture goes to the server at once (type 1, data URL); it answers the 110×110 link.
 */
export function AvatarStep() {
  const [pathname, navigate] = useLocation();
  const navState = useHistoryState<{ capture?: string } | null>();
  const report = useReport();
  const { info, avatar, setAvatar } = useRegistration();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (dataUrl: string) => {
    setBusy(true);
    setError(null);
    try {
      const { data } = await getApi().client.call(profileEndpoints.update, {
        body: { type: 1, profile_image_data: dataUrl },
      });
      getApi().client.session.update({ profile: data });
      if (data.profile_image) setAvatar({ imageUri: data.profile_image, type_image: 'link', source: 'upload' });
    } catch (e) {
      const shown = report(e, ['profile_image_data']);
      setError(shown.fieldErrors.profile_image_data ?? null);
    } finally {
      setBusy(false);
    }
  };

  // A photo taken on the camera screen comes back in the navigation state.
  const captured = navState?.capture;
  useEffect(() => {
    if (!captured) return;
    navigate(pathname, { replace: true, state: null });
    void upload(captured);
  }, [captured]);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    const prepared = await prepareFile(f);
    // Spec §5: in registration an unaccepted type is silently ignored.
    if (prepared === 'type') return;
    if (prepared === 'too_small') {
      setError(messages.imageTooSmall);
      return;
    }
    await upload(prepared.dataUrl);
  };

  const fallback = avatarPath(defaultAvatarFor(info.gender_id ? String(info.gender_id) : null));
  return (
    <>
      <Header title={strings.avatarTitle} onBack={() => navigate(REG)} />
      <main className="hn-page">
        <h2 className="hn-title">{strings.avatarHeading}</h2>
        <section className="hn-card hn-stack" style={{ alignItems: 'center' }} aria-label={strings.avatarPreview}>
          <Avatar src={avatar?.imageUri ?? fallback} alt={strings.avatarPreview} size={120} />
          {!avatar ? (
            <p className="hn-text-small hn-text-muted hn-text-center" style={{ margin: 0 }}>
              {strings.avatarNone}
            </p>
          ) : null}
          <ErrorLine message={error} />
        </section>
        <AvatarSources
          onTakePicture={() => navigate(`${REG}/avatar/take-picture`)}
          onFile={(e) => void onFile(e)}
          onChooseAvatar={() => navigate(`${REG}/avatar/list`)}
        />
        <Button block onClick={() => navigate(`${REG}/confirm`)} disabled={busy}>
          {strings.decide}
        </Button>
      </main>
      {busy ? <Loader label={strings.uploading} /> : null}
    </>
  );
}
