import { Button, CameraIcon, GridIcon, ImageIcon } from '@honne/ui';
import { useRef, type ChangeEvent } from 'react';

import { strings } from '../../strings.ts';

import { ACCEPT } from './image.ts';

interface Props {
  onTakePicture: () => void;
  onFile: (e: ChangeEvent<HTMLInputElement>) => void;
  onChooseAvatar: () => void;
}

/** The three ways to a profile image: the camera, a file from the library, one of the drawn avatars. */
export function AvatarSources({ onTakePicture, onFile, onChooseAvatar }: Props) {
  const file = useRef<HTMLInputElement>(null);
  return (
    <div className="hn-stack" style={{ gap: 'var(--hn-space-2)' }}>
      <Button variant="secondary" block onClick={onTakePicture}>
        <CameraIcon size={20} />
        {strings.takePhoto}
      </Button>
      <Button variant="secondary" block onClick={() => file.current?.click()}>
        <ImageIcon size={20} />
        {strings.chooseLibrary}
      </Button>
      <input
        ref={file}
        type="file"
        accept={ACCEPT}
        className="hn-visually-hidden"
        tabIndex={-1}
        aria-label={strings.chooseLibrary}
        data-testid="avatar-file"
        onChange={onFile}
      />
      <Button variant="secondary" block onClick={onChooseAvatar}>
        <GridIcon size={20} />
        {strings.chooseAvatar}
      </Button>
    </div>
  );
}
