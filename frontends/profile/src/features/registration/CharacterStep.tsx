import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';

import { INTEREST_TAGS } from '@honne/contracts/profile';
import { Button, ChipGroup, Header, Loader, Skeleton, usePopup } from '@honne/ui';

import { strings } from '../../strings.ts';
import { tagsOf } from '../shared/labels.ts';
import { useProfile } from '../shared/useProfile.ts';

import { REG, useRegistration } from './context.tsx';
import { useEditSave } from './useEditSave.ts';

/** The 29 interest tags, any number (spec §2, §5); the -1 variant saves and returns to my page. */
export function CharacterStep({ edit }: { edit: boolean }) {
  const [, navigate] = useLocation();
  const popup = usePopup();
  const { info, update } = useRegistration();
  // Only the edit variant starts from the saved profile.
  const { profile } = useProfile(edit);
  const { save, busy } = useEditSave();
  const [tags, setTags] = useState<string[] | null>(edit ? null : info.tags);

  useEffect(() => {
    if (edit && profile && !tags) setTags(tagsOf(profile));
  }, [edit, profile, tags]);

  const next = async () => {
    if (!tags) return;
    // Kept in the catalogue's order, whatever order they were tapped in.
    const ordered = INTEREST_TAGS.filter((t) => tags.includes(t));
    if (!edit) {
      update({ tags: ordered });
      navigate(`${REG}/result-setting`);
      return;
    }
    if (await save({ userCharacterSettings: { value: ordered.join(',') } })) {
      // Spec §2: the edit variant saves and goes to /mypage. Going first means any way of closing
      // the 保存しました。 popup (OK, Escape, the backdrop, or none) leaves the user on my page.
      navigate('/mypage');
      void popup.alert(strings.saved);
    }
  };

  return (
    <>
      <Header
        title={strings.characterTitle}
        onBack={() => navigate(edit ? `${REG}/blood-setting-1` : `${REG}/blood-setting`)}
      />
      <main className="hn-page">
        <p style={{ margin: 0 }}>{strings.characterLead}</p>
        {tags ? (
          <ChipGroup
            multiple
            legend={strings.tagsLegend}
            hideLegend
            options={INTEREST_TAGS.map((t) => ({ value: t, label: t }))}
            value={tags}
            onChange={setTags}
          />
        ) : (
          <Skeleton height={300} />
        )}
        <div style={{ position: 'sticky', bottom: 'var(--hn-space-4)' }}>
          <Button block onClick={() => void next()} disabled={!tags} loading={busy}>
            {edit ? strings.save : strings.next}
          </Button>
        </div>
      </main>
      {busy ? <Loader /> : null}
    </>
  );
}
