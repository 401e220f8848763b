import { serviceShellSuite } from '@honne/service-kit/testing';
import { expect } from 'vitest';

import { service } from '../src/server.ts';

serviceShellSuite(service, {
  portVariable: 'TOPICS_PORT',
  // The themes and sub-themes are seeded once, and say so.
  migrated: async (ctx) =>
    expect((await ctx.db.selectFrom('service_meta').selectAll().execute()).map((m) => m.key)).toEqual([
      'reference_seed',
    ]),
});
