import { useEffect, useRef, useState } from 'react';

import { Button, EmptyState, CameraIcon } from '@honne/ui';

import { strings } from '../../strings.ts';

import { toJpeg, type PreparedImage } from './image.ts';

/**
 * The webcam screen body (spec §2, §5): a live preview through getUserMedia, captured to a canvas
 * as JPEG. The device's own error message is shown and capture is blocked while it stands.
 */
export function Camera({ onCapture }: { onCapture: (image: PreparedImage) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let alive = true;
    const media = navigator.mediaDevices;
    if (!media?.getUserMedia) {
      setError(strings.cameraUnsupported);
      return;
    }
    media
      .getUserMedia({ video: { facingMode: 'user', width: { ideal: 720 }, height: { ideal: 720 } }, audio: false })
      .then((s) => {
        if (!alive) {
          s.getTracks().forEach((t) => t.stop());
          return;
        }
        stream = s;
        const el = video.current;
        if (el) {
          el.srcObject = s;
          void el.play().catch(() => undefined);
        }
      })
      .catch((e: unknown) => {
        if (!alive) return;
        const err = e as { name?: string; message?: string };
        setError([err.name, err.message].filter(Boolean).join(': ') || String(e));
      });
    return () => {
      alive = false;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  const capture = () => {
    const el = video.current;
    if (!el || error || !el.videoWidth) return;
    onCapture(toJpeg(el, el.videoWidth, el.videoHeight));
  };

  return (
    <div className="hn-stack">
      {error ? (
        <div role="alert">
          <EmptyState icon={<CameraIcon size={48} />} title={strings.cameraErrorTitle} description={error} />
        </div>
      ) : (
        <div
          style={{
            position: 'relative',
            aspectRatio: '1',
            borderRadius: 'var(--hn-radius-md)',
            overflow: 'hidden',
            background: '#1c1716',
          }}
        >
          <video
            ref={video}
            playsInline
            muted
            aria-label={strings.cameraVideo}
            onLoadedData={() => setReady(true)}
            style={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)' }}
          />
          {!ready ? (
            <p
              role="status"
              style={{
                position: 'absolute',
                inset: 0,
                margin: 0,
                display: 'grid',
                placeItems: 'center',
                color: '#fff',
              }}
            >
              {strings.cameraStarting}
            </p>
          ) : null}
        </div>
      )}
      <Button block onClick={capture} disabled={Boolean(error) || !ready}>
        <CameraIcon size={20} />
        {strings.capture}
      </Button>
    </div>
  );
}
