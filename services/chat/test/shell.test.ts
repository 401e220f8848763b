import { serviceShellSuite } from '@honne/service-kit/testing';
import { expect } from 'vitest';

import { service } from '../src/server.ts';

serviceShellSuite(service, {
  portVariable: 'CHAT_PORT',
  migrated: async (ctx) => expect(await ctx.db.selectFrom('service_meta').selectAll().execute()).toEqual([]),
});
