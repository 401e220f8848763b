import { useLocation } from 'wouter';

import { Header } from '@honne/ui';

import { strings } from '../../strings.ts';
import { Camera } from '../shared/Camera.tsx';

import { REG } from './context.tsx';

/** /registration-information/avatar/take-picture: webcam capture, back to the avatar step. */
export function TakePictureStep() {
  const [, navigate] = useLocation();
  return (
    <>
      <Header title={strings.cameraTitle} onBack={() => navigate(`${REG}/avatar`)} />
      <main className="hn-page">
        <Camera onCapture={(img) => navigate(`${REG}/avatar`, { state: { capture: img.dataUrl } })} />
      </main>
    </>
  );
}
