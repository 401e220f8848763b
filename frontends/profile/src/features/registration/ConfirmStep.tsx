import { useLocation } from 'wouter';

import { avatarPath, defaultAvatarFor } from '@honne/avatars';
import { Avatar, Button, Header, ListRow, Skeleton } from '@honne/ui';

import { strings } from '../../strings.ts';
import { genderName } from '../shared/labels.ts';
import { useReference } from '../shared/reference.ts';

import { REG, useRegistration } from './context.tsx';

/** /registration-information/confirm: the summary with change links and a yes button. */
export function ConfirmStep() {
  const [, navigate] = useLocation();
  const ref = useReference();
  const { info, avatar } = useRegistration();
  const image = avatar?.imageUri ?? avatarPath(defaultAvatarFor(info.gender_id ? String(info.gender_id) : null));
  const toInfo = () => navigate(REG);
  const name = (list: { id: number; name: string }[] | undefined, id: number | null) =>
    list ? (list.find((x) => x.id === id)?.name ?? strings.notSet) : <Skeleton width={60} />;
  return (
    <>
      <Header title={strings.confirmTitle} onBack={() => window.history.back()} />
      <main className="hn-page" style={{ paddingLeft: 0, paddingRight: 0 }}>
        <p style={{ margin: '0 var(--hn-space-5)' }}>{strings.confirmLead}</p>
        <ul className="hn-list">
          <ListRow
            label={strings.icon}
            value={<Avatar src={image} alt={strings.icon} size={56} />}
            onClick={() => navigate(`${REG}/avatar`)}
            actionLabel={strings.changeOf(strings.icon)}
          />
          <ListRow
            label={strings.userName}
            value={info.user_name || strings.notSet}
            onClick={toInfo}
            actionLabel={strings.changeOf(strings.userName)}
          />
          <ListRow
            label={strings.gender}
            value={genderName(info.gender_id)}
            onClick={toInfo}
            actionLabel={strings.changeOf(strings.gender)}
          />
          <ListRow
            label={strings.age}
            value={name(ref?.ages, info.age_id)}
            onClick={toInfo}
            actionLabel={strings.changeOf(strings.age)}
          />
          <ListRow
            label={strings.area}
            value={name(ref?.areas, info.area_id)}
            onClick={toInfo}
            actionLabel={strings.changeOf(strings.area)}
          />
        </ul>
        <div className="hn-stack" style={{ padding: '0 var(--hn-space-5)' }}>
          <p className="hn-text-small hn-text-muted" style={{ margin: 0 }}>
            {strings.confirmNote}
          </p>
          <Button block onClick={() => navigate(`${REG}/sound-setting`)}>
            {strings.yes}
          </Button>
        </div>
      </main>
    </>
  );
}
