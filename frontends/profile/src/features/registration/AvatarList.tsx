import { useState } from 'react';
import { useLocation } from 'wouter';

import { avatarPath, avatarsFor, type AvatarGender } from '@honne/avatars';
import { AvatarGrid, Button, EmptyState, Header } from '@honne/ui';

import { strings } from '../../strings.ts';
import { genderName } from '../shared/labels.ts';
import { useReference } from '../shared/reference.ts';

import { REG, useRegistration } from './context.tsx';

/** Default avatars for a gender (1 male, 2 female, 3 unspecified = both sets) and age band. */
export function avatarOptions(genderId: number | null, ageId: number | null) {
  if (!genderId || !ageId) return [];
  const genders: AvatarGender[] = genderId === 1 ? ['male'] : genderId === 2 ? ['female'] : ['male', 'female'];
  return genders
    .flatMap((g) => avatarsFor(g, ageId))
    .map((ref, i) => ({
      value: avatarPath(ref),
      src: avatarPath(ref),
      label: strings.avatarNumber(i + 1),
    }));
}

/** /registration-information/avatar/list: the grid of 3 per row; decide only once one is chosen. */
export function AvatarList() {
  const [, navigate] = useLocation();
  const ref = useReference();
  const { info, avatar, setAvatar } = useRegistration();
  const [chosen, setChosen] = useState<string | null>(avatar?.source === 'avatar' ? avatar.imageUri : null);
  const options = avatarOptions(info.gender_id, info.age_id);
  const ageName = ref?.ages.find((a) => a.id === info.age_id)?.name ?? '';
  return (
    <>
      <Header title={strings.avatarListTitle} onBack={() => navigate(`${REG}/avatar`)} />
      <main className="hn-page">
        {options.length === 0 ? (
          <EmptyState title={strings.avatarListTitle} description={strings.avatarListEmpty} />
        ) : (
          <AvatarGrid
            legend={strings.avatarListLegend(ageName, genderName(info.gender_id))}
            options={options}
            value={chosen}
            onChange={setChosen}
          />
        )}
        <div style={{ position: 'sticky', bottom: 'var(--hn-space-4)' }}>
          <Button
            block
            disabled={!chosen}
            onClick={() => {
              if (!chosen) return;
              setAvatar({ imageUri: chosen, type_image: 'link', source: 'avatar' });
              navigate(`${REG}/avatar`);
            }}
          >
            {strings.decide}
          </Button>
        </div>
      </main>
    </>
  );
}
