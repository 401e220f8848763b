import { useEffect, useState, type ChangeEvent } from 'react';
import { useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

import { getApi } from '@honne/api-client';
import { messages } from '@honne/contracts/messages';
import { PROFILE_LIMITS, profileEndpoints } from '@honne/contracts/profile';
import {
  Avatar,
  Button,
  Header,
  ImageCropDialog,
  Loader,
  Skeleton,
  usePopup,
  type CropRect,
  ErrorLine,
} from '@honne/ui';

import { strings } from '../../strings.ts';
import { AvatarSources } from '../shared/AvatarSources.tsx';
import { prepareFile, type PreparedImage } from '../shared/image.ts';
import { imageOf } from '../shared/labels.ts';
import { useProfile } from '../shared/useProfile.ts';
import { useReport } from '../shared/useReport.ts';

type Pending =
  { kind: 'upload'; image: PreparedImage; crop: CropRect; preview: string } | { kind: 'avatar'; path: string };

/** What /takepicture and /defaultimages hand back through the navigation state. */
export type AvatarReturn = { capture?: PreparedImage; avatar?: string } | null;

function croppedPreview(image: PreparedImage, crop: CropRect): Promise<string> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 160;
      canvas.getContext('2d')!.drawImage(img, crop.x, crop.y, crop.size, crop.size, 0, 0, 160, 160);
      resolve(canvas.toDataURL('image/jpeg', 0.85));
    };
    img.onerror = () => resolve(image.dataUrl);
    img.src = image.dataUrl;
  });
}

/**
 * /changeavatar (spec §2): preview, take a photo, choose from the library through the square crop
 * modal, or choose a default avatar; OK sends PUT /users/avatar (the server crops and resizes to 375).
 */
export default function ChangeAvatar() {
  const [pathname, navigate] = useLocation();
  const popup = usePopup();
  const report = useReport();
  const { profile, saved } = useProfile();
  const [pending, setPending] = useState<Pending | null>(null);
  const [cropping, setCropping] = useState<PreparedImage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const back = useHistoryState<AvatarReturn>();
  useEffect(() => {
    if (!back) return;
    navigate(pathname, { replace: true, state: null });
    if (back.capture) setCropping(back.capture);
    if (back.avatar) setPending({ kind: 'avatar', path: back.avatar });
  }, [back]);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    setError(null);
    const prepared = await prepareFile(f);
    if (prepared === 'type') setError(messages.imageType);
    else if (prepared === 'too_small') setError(messages.imageTooSmall);
    else setCropping(prepared);
  };

  const ok = async () => {
    if (!pending) {
      navigate('/mypage');
      return;
    }
    setBusy(true);
    try {
      const body =
        pending.kind === 'avatar'
          ? { type: 2 as const, profile_image_data: pending.path }
          : { type: 1 as const, profile_image_data: pending.image.dataUrl, crop: pending.crop };
      const { data } = await getApi().client.call(profileEndpoints.changeAvatar, { body });
      saved(data);
      setBusy(false);
      await popup.alert(strings.changed);
      navigate('/mypage');
    } catch (e) {
      setError(report(e, ['profile_image_data']).fieldErrors.profile_image_data ?? null);
    } finally {
      setBusy(false);
    }
  };

  const preview = pending
    ? pending.kind === 'avatar'
      ? pending.path
      : pending.preview
    : profile
      ? imageOf(profile)
      : null;
  return (
    <>
      <Header title={strings.changeAvatarTitle} onBack={() => navigate('/mypage')} />
      <main className="hn-page">
        <section className="hn-card hn-stack" style={{ alignItems: 'center' }} aria-label={strings.avatarPreview}>
          {preview ? (
            <Avatar src={preview} alt={strings.avatarPreview} size={140} />
          ) : (
            <Skeleton width={140} height={140} radius="50%" />
          )}
          <ErrorLine message={error} />
        </section>
        <AvatarSources
          onTakePicture={() => navigate('/takepicture')}
          onFile={(e) => void onFile(e)}
          onChooseAvatar={() => navigate('/defaultimages')}
        />
        <Button block onClick={() => void ok()} loading={busy}>
          {strings.ok}
        </Button>
      </main>
      {cropping ? (
        <ImageCropDialog
          src={cropping.dataUrl}
          width={cropping.width}
          height={cropping.height}
          minSide={PROFILE_LIMITS.avatarMinSide}
          title={strings.cropTitle}
          instructions={strings.cropInstructions}
          zoomLabel={strings.zoom}
          confirmLabel={strings.decide}
          onCancel={() => setCropping(null)}
          onConfirm={(crop) => {
            const image = cropping;
            setCropping(null);
            setError(null);
            void croppedPreview(image, crop).then((p) => setPending({ kind: 'upload', image, crop, preview: p }));
          }}
        />
      ) : null}
      {busy ? <Loader label={strings.uploading} /> : null}
    </>
  );
}
