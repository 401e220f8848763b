import { useState } from 'react';

import { getApi } from '@honne/api-client';
import { profileEndpoints, type ProfileUpdateBody } from '@honne/contracts/profile';

import { useReport } from '../shared/useReport.ts';

/** Saves one part of the profile from an edit (-1) screen with PUT /users. */
export function useEditSave() {
  const report = useReport();
  const [busy, setBusy] = useState(false);
  const save = async (body: ProfileUpdateBody): Promise<boolean> => {
    setBusy(true);
    try {
      const { data } = await getApi().client.call(profileEndpoints.update, { body });
      getApi().client.session.update({ profile: data });
      return true;
    } catch (e) {
      report(e);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { save, busy };
}
