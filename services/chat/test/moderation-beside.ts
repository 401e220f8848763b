import { createService as createSafety, totpCode } from '@honne/safety';
import { dropTestSchemas, testConfig, testOverrides, uniqueName, type InfraMode } from '@honne/service-kit/testing';

import type { Harness } from './harness.ts';

/**
 * The moderation service beside a chat harness (same bus, cache and clock), with its first admin
 * signed in: `console` calls its console API as that admin.
 */
export async function moderationBeside(h: Harness, mode: InfraMode) {
  const admin = { email: 'chat-suite-admin@example.jp', password: 'a long admin password', totp: 'JBSWY3DPEHPK3PXP' };
  const schema = uniqueName('safety');
  const safety = await createSafety(
    {
      ...testConfig('safety', mode),
      sessionHours: 8,
      bootstrapAdmin: { email: admin.email, password: admin.password, totpSecret: admin.totp },
    },
    testOverrides(mode, h.infra, h.clock, schema),
  );
  if (h.infra.bus.kind === 'nats') await h.infra.bus.flush();
  const signIn = await safety.app.inject({
    method: 'POST',
    url: '/admin/safety/sessions',
    payload: { email: admin.email, password: admin.password, totp: totpCode(admin.totp, h.clock.now()) },
  });
  const token = signIn.json().data.token as string;
  return {
    safety,
    console: (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      safety.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      }),
    async close() {
      await safety.close();
      await dropTestSchemas(safety.ctx.config, [schema]);
    },
  };
}
