import { createService as createSafety, totpCode } from '@honne/safety';
import { dropTestSchemas, testConfig, testOverrides, uniqueName, type InfraMode } from '@honne/service-kit/testing';

import type { Harness } from './harness.ts';

export const ADMIN = { email: 'admin@example.jp', password: 'a long admin password', totp: 'JBSWY3DPEHPK3PXPJBSWY3DP' };

/**
 * The moderation service on the harness's bus, cache and clock, with ADMIN as its first operator: the
 * suites that go from accounts to the console and back (restrictions, the points operator API).
 */
export async function safetyBeside(h: Harness, mode: InfraMode) {
  const schema = uniqueName('safety');
  const config = {
    ...testConfig('safety', mode),
    sessionHours: 8,
    bootstrapAdmin: { email: ADMIN.email, password: ADMIN.password, totpSecret: ADMIN.totp },
  };
  const safety = await createSafety(config, testOverrides(mode, h.infra, h.clock, schema));
  if (h.infra.bus.kind === 'nats') await h.infra.bus.flush();
  return {
    safety,
    /** A console call with an operator's session token or an API key. */
    consoleReq: (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
      safety.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      }),
    /** Signs in with password and the TOTP code of the harness's clock. */
    async signIn(who: { email: string; password: string; totp: string } = ADMIN) {
      const res = await safety.app.inject({
        method: 'POST',
        url: '/admin/safety/sessions',
        payload: { email: who.email, password: who.password, totp: totpCode(who.totp, h.clock.now()) },
      });
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
      return res.json().data as { token: string; operator: { id: string } };
    },
    async close() {
      await safety.close();
      await dropTestSchemas(config, [schema]);
    },
  };
}
