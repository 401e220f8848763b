import { Redirect, Route, Switch } from 'wouter';

import { AvatarList } from './AvatarList.tsx';
import { AvatarStep } from './AvatarStep.tsx';
import { BloodStep } from './BloodStep.tsx';
import { CharacterStep } from './CharacterStep.tsx';
import { ConfirmStep } from './ConfirmStep.tsx';
import { REG, RegistrationProvider } from './context.tsx';
import { InfoStep } from './InfoStep.tsx';
import { ResultStep } from './ResultStep.tsx';
import { SoundStep } from './SoundStep.tsx';
import { TakePictureStep } from './TakePictureStep.tsx';

/**
 * /registration-information and its sub-routes (spec §2): onboarding and the -1 edit variants. Full
 * paths: the shell's route hands this screen everything under REG and navigation stays absolute.
 */
export default function RegistrationInformation() {
  return (
    <RegistrationProvider>
      <Switch>
        <Route path={REG}>
          <InfoStep />
        </Route>
        <Route path={`${REG}/avatar`}>
          <AvatarStep />
        </Route>
        <Route path={`${REG}/avatar/list`}>
          <AvatarList />
        </Route>
        <Route path={`${REG}/avatar/take-picture`}>
          <TakePictureStep />
        </Route>
        <Route path={`${REG}/confirm`}>
          <ConfirmStep />
        </Route>
        <Route path={`${REG}/sound-setting`}>
          <SoundStep edit={false} />
        </Route>
        <Route path={`${REG}/sound-setting-1`}>
          <SoundStep edit />
        </Route>
        <Route path={`${REG}/blood-setting`}>
          <BloodStep edit={false} />
        </Route>
        <Route path={`${REG}/blood-setting-1`}>
          <BloodStep edit />
        </Route>
        <Route path={`${REG}/character-setting`}>
          <CharacterStep edit={false} />
        </Route>
        <Route path={`${REG}/character-setting-1`}>
          <CharacterStep edit />
        </Route>
        <Route path={`${REG}/result-setting`}>
          <ResultStep />
        </Route>
        <Route>
          <Redirect to={REG} replace />
        </Route>
      </Switch>
    </RegistrationProvider>
  );
}
