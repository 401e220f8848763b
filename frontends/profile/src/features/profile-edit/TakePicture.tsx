import { useLocation } from 'wouter';

import { Header } from '@honne/ui';

import { strings } from '../../strings.ts';
import { Camera } from '../shared/Camera.tsx';

import type { AvatarReturn } from './ChangeAvatar.tsx';

/** /takepicture: webcam capture handed back to /changeavatar, which opens the crop modal. */
export default function TakePicture() {
  const [, navigate] = useLocation();
  return (
    <>
      <Header title={strings.cameraTitle} onBack={() => navigate('/changeavatar')} />
      <main className="hn-page">
        <Camera onCapture={(capture) => navigate('/changeavatar', { state: { capture } satisfies AvatarReturn })} />
      </main>
    </>
  );
}
