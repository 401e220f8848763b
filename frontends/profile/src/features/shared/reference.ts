import { useEffect, useState } from 'react';

import { getApi } from '@honne/api-client';
import { profileEndpoints, type Named } from '@honne/contracts/profile';

import { useReport } from './useReport.ts';

/** Area id 1 is 全国 (all areas): a filter choice, never a home area (spec §3, issue 3). */
export const ALL_AREAS_ID = 1;

let areas: Promise<Named[]> | undefined;
let ages: Promise<Named[]> | undefined;

/** GET /areas and GET /age once per page (they change only with a migration). */
export function loadReference(): Promise<{ areas: Named[]; ages: Named[] }> {
  const { client } = getApi();
  areas ??= client.call(profileEndpoints.areas).then((r) => r.data);
  ages ??= client.call(profileEndpoints.ages).then((r) => r.data);
  return Promise.all([areas, ages]).then(
    ([a, g]) => ({ areas: a.filter((x) => x.id !== ALL_AREAS_ID), ages: g }),
    (error: unknown) => {
      areas = ages = undefined;
      throw error;
    },
  );
}

export function useReference() {
  const report = useReport();
  const [data, setData] = useState<{ areas: Named[]; ages: Named[] } | null>(null);
  useEffect(() => {
    let alive = true;
    loadReference()
      .then((d) => alive && setData(d))
      .catch((e: unknown) => alive && report(e));
    return () => {
      alive = false;
    };
  }, [report]);
  return data;
}
