import { allEndpoints } from '@honne/contracts/endpoints';
import { OPERATOR_ROLES, ROLE_PERMISSIONS, type Permission } from '@honne/contracts/safety';
import { harnessForSuite, infraModes } from '@honne/service-kit/testing';
import { describe, expect, it } from 'vitest';

import { ADMIN, startHarness, type Harness } from './harness.ts';

// Role × endpoint, generated from the contracts: every console endpoint is called by every role,
// by an API key with and without the scope, by a revoked key and by a signed-in user's request.
// The route's check runs before any input is read, so a placeholder id and an empty body are
// enough to tell "refused" (401/403 with the console's codes) from "let in" (anything else).

const CONSOLE = allEndpoints.filter((e) => e.auth === 'console');
const ID = '00000000-0000-4000-8000-000000000000';
const urlOf = (url: string) => url.replace(':id', ID);

async function call(h: Harness, def: (typeof CONSOLE)[number], auth: { token?: string; user?: string }) {
  const res = await h.inject(def.method as 'GET' | 'POST' | 'DELETE', urlOf(def.url), {
    ...auth,
    ...(def.method === 'POST' ? { body: {} } : {}),
  });
  return { status: res.statusCode, code: (res.json() as { code?: string }).code };
}

const refusedFor = (r: { status: number; code?: string }) =>
  (r.status === 401 && r.code === 'console_only') || (r.status === 403 && r.code === 'not_allowed');

describe.each(infraModes())('console authorization from the contracts ($name)', (mode) => {
  const suite = harnessForSuite(() => startHarness(mode));

  it('covers every console endpoint, each with a permission', () => {
    expect(CONSOLE.length).toBeGreaterThan(15);
    for (const def of CONSOLE) expect(def.permission, `${def.method} ${def.url}`).toBeTruthy();
  });

  it('lets each role in exactly where its permissions say (triage cannot ban)', async () => {
    const { h } = suite;
    const admin = await h.signIn(ADMIN);
    const tokens = {
      admin: (await h.operator(admin, 'admin')).token,
      moderator: (await h.operator(admin, 'moderator')).token,
      triage: (await h.operator(admin, 'triage')).token,
    };
    const table: string[] = [];
    for (const role of OPERATOR_ROLES) {
      for (const def of CONSOLE) {
        // Signing out ends the session the rest of the table uses: it is checked last, below.
        if (def.url === '/admin/safety/sessions/current') continue;
        const allowed = ROLE_PERMISSIONS[role].includes(def.permission as Permission);
        const r = await call(h, def, { token: tokens[role] });
        table.push(`${role} ${def.method} ${def.url}: ${allowed ? 'in' : 'out'}`);
        expect(refusedFor(r), `${role} ${def.method} ${def.url} → ${r.status} ${r.code}`).toBe(!allowed);
      }
    }
    expect(table).toContain('triage POST /admin/safety/subjects/:id/actions/ban: out');
    expect(table).toContain('triage GET /admin/safety/reports/:id/evidence: out');
    expect(table).toContain('moderator POST /admin/safety/subjects/:id/actions/ban: in');
    expect(table).toContain('moderator GET /admin/safety/audit: out');
    for (const role of OPERATOR_ROLES) {
      expect((await h.console('DELETE', '/admin/safety/sessions/current', tokens[role])).statusCode).toBe(200);
    }
  });

  it('gives a user token, no token and a revoked or under-scoped key nothing', async () => {
    const { h } = suite;
    const admin = await h.signIn(ADMIN);
    const created = await h.console('POST', '/admin/safety/api_keys', admin, {
      name: 'payments',
      scopes: ['queue.read'],
    });
    expect(created.statusCode).toBe(200);
    const { key, secret } = created.json().data as { key: { id: string }; secret: string };
    const user = await h.user();
    for (const def of CONSOLE) {
      expect(refusedFor(await call(h, def, { user: user.userId })), `user ${def.url}`).toBe(true);
      expect(refusedFor(await call(h, def, {})), `anonymous ${def.url}`).toBe(true);
      expect(refusedFor(await call(h, def, { token: 'hsk_' + key.id + '.forged' })), `forged ${def.url}`).toBe(true);
      const scoped = await call(h, def, { token: secret });
      expect(refusedFor(scoped), `key ${def.url}`).toBe(def.permission !== 'queue.read');
    }
    expect((await h.console('DELETE', `/admin/safety/api_keys/${key.id}`, admin)).statusCode).toBe(200);
    for (const def of CONSOLE)
      expect(refusedFor(await call(h, def, { token: secret })), `revoked ${def.url}`).toBe(true);
    // A moderator cannot mint a key beyond their role.
    const moderator = await h.operator(admin, 'moderator');
    const tooWide = await h.console('POST', '/admin/safety/api_keys', moderator.token, {
      name: 'x',
      scopes: ['audit.read'],
    });
    expect(tooWide.statusCode).toBe(403);
  });
});
