import { useState } from 'react';
import { useLocation } from 'wouter';

import { AvatarGrid, Button, EmptyState, Header, Skeleton } from '@honne/ui';

import { strings } from '../../strings.ts';
import { avatarOptions } from '../registration/AvatarList.tsx';
import { useProfile } from '../shared/useProfile.ts';

import type { AvatarReturn } from './ChangeAvatar.tsx';

/** /defaultimages: the default avatars for the user's gender and age band, 3 per row. */
export default function DefaultImages() {
  const [, navigate] = useLocation();
  const { profile } = useProfile();
  const [chosen, setChosen] = useState<string | null>(null);
  const options = profile ? avatarOptions(profile.gender ? Number(profile.gender) : 3, profile.age_id) : null;
  return (
    <>
      <Header title={strings.defaultImagesTitle} onBack={() => navigate('/changeavatar')} />
      <main className="hn-page">
        {!options ? (
          <Skeleton height={320} />
        ) : options.length === 0 ? (
          <EmptyState title={strings.defaultImagesTitle} description={strings.avatarListEmpty} />
        ) : (
          <AvatarGrid legend={strings.defaultImagesTitle} options={options} value={chosen} onChange={setChosen} />
        )}
        <div style={{ position: 'sticky', bottom: 'calc(var(--hn-size-nav) + var(--hn-space-4))' }}>
          <Button
            block
            disabled={!chosen}
            onClick={() => chosen && navigate('/changeavatar', { state: { avatar: chosen } satisfies AvatarReturn })}
          >
            {strings.decide}
          </Button>
        </div>
      </main>
    </>
  );
}
