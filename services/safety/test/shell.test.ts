import { serviceShellSuite } from '@honne/service-kit/testing';
import { expect } from 'vitest';

import { service } from '../src/server.ts';

serviceShellSuite(service, {
  portVariable: 'SAFETY_PORT',
  // No operator until the bootstrap variables name the first admin.
  migrated: async (ctx) => expect(await ctx.db.selectFrom('operators').selectAll().execute()).toEqual([]),
});
