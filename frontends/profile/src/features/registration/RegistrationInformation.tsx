import { Navigate, Route, Routes } from 'react-router';

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

/** /registration-information and its sub-routes (spec §2): onboarding and the -1 edit variants. */
export default function RegistrationInformation() {
  return (
    <RegistrationProvider>
      <Routes>
        <Route index element={<InfoStep />} />
        <Route path="avatar" element={<AvatarStep />} />
        <Route path="avatar/list" element={<AvatarList />} />
        <Route path="avatar/take-picture" element={<TakePictureStep />} />
        <Route path="confirm" element={<ConfirmStep />} />
        <Route path="sound-setting" element={<SoundStep edit={false} />} />
        <Route path="sound-setting-1" element={<SoundStep edit />} />
        <Route path="blood-setting" element={<BloodStep edit={false} />} />
        <Route path="blood-setting-1" element={<BloodStep edit />} />
        <Route path="character-setting" element={<CharacterStep edit={false} />} />
        <Route path="character-setting-1" element={<CharacterStep edit />} />
        <Route path="result-setting" element={<ResultStep />} />
        <Route path="*" element={<Navigate to={REG} replace />} />
      </Routes>
    </RegistrationProvider>
  );
}
