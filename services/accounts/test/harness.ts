import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { events } from '@honne/contracts/events';
import { createService as createPoints } from '@honne/points';
import { IDENTITY_HEADERS, ManualClock, type Cache } from '@honne/service-kit';
import { dropTestSchemas, testConfig, testInfra, uniqueName, type InfraMode } from '@honne/service-kit/testing';
import { sql } from 'kysely';
import sharp from 'sharp';

import { ACCOUNTS_DEFAULTS, type AccountsConfig } from '../src/config.ts';
import { createService } from '../src/server.ts';

/** A `w`×`h` PNG as a data URL, as the app sends a chosen image. */
export const png = async (w: number, h: number) =>
  `data:image/png;base64,${(
    await sharp({ create: { width: w, height: h, channels: 3, background: '#e8a0a8' } })
      .png()
      .toBuffer()
  ).toString('base64')}`;

export type Harness = Awaited<ReturnType<typeof startHarness>>;

/** Accounts and points on one bus and cache, as in production, against the given infrastructure. */
export async function startHarness(
  mode: InfraMode,
  overrides: Partial<AccountsConfig> = {},
  /** `persistentDb`: PGlite in files rather than memory, so `restartAccounts` finds the same data. */
  opts: { persistentDb?: boolean } = {},
) {
  const infra = await testInfra(mode);
  const clock = new ManualClock(new Date());
  const inMemoryDb = !mode.databaseUrl && !opts.persistentDb;
  const accountsSchema = uniqueName('accounts');
  const pointsSchema = uniqueName('points');
  const config: AccountsConfig = {
    ...testConfig('accounts', mode),
    smtpUrl: undefined,
    mailFrom: ACCOUNTS_DEFAULTS.mailFrom,
    verifyCodeTtlSeconds: ACCOUNTS_DEFAULTS.verifyCodeTtlSeconds,
    verifyCodeMaxAttempts: ACCOUNTS_DEFAULTS.verifyCodeMaxAttempts,
    loginMaxFailures: ACCOUNTS_DEFAULTS.loginMaxFailures,
    ...overrides,
  };
  const points = await createPoints(testConfig('points', mode), {
    bus: infra.bus,
    cache: infra.cache,
    clock,
    inMemoryDb,
    schema: pointsSchema,
  });
  const accountsOverrides = { bus: infra.bus, cache: infra.cache, clock, inMemoryDb, schema: accountsSchema };
  let accounts = await createService(config, accountsOverrides);
  const app = accounts.app;
  const outbox = path.join(config.dataDir, 'outbox');

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers });

  return {
    app,
    ctx: accounts.ctx,
    points,
    clock,
    infra,
    post,
    get: (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers }),

    /** Headers the gateway would set after checking the token. */
    as(session: { userId: string; sessionId: string }): Record<string, string> {
      return {
        [IDENTITY_HEADERS.userId]: session.userId,
        [IDENTITY_HEADERS.sessionId]: session.sessionId,
        [IDENTITY_HEADERS.internalToken]: config.internalToken,
      };
    },

    /** The code of the newest mail to `email` in the outbox. */
    async latestCode(email: string): Promise<string> {
      const mails = await readMails(outbox);
      const mine = mails.filter((m) => m.to === email.toLowerCase());
      const text = mine.at(-1)?.text ?? '';
      const code = /認証コード: (\d{6})/.exec(text)?.[1];
      if (!code) throw new Error(`no code mailed to ${email}`);
      return code;
    },
    mails: () => readMails(outbox),

    /** Signs up, verifies with the mailed code, and returns the session. */
    async register(email: string, password = 'password123', device = 'device-1') {
      const signup = await post('/users', {
        email,
        confirm_email: email,
        password,
        confirm_password: password,
        agree_terms: true,
      });
      if (signup.statusCode !== 200) throw new Error(`sign-up failed: ${signup.body}`);
      const code = await this.latestCode(email);
      const verified = await post('/users/verify', { email, verify_code: code, device_id: device, device_type: 'web' });
      if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
      const data = verified.json().data as { access_token: string; user_id: string };
      const caller = await accounts.ctx.tokens.verify(data.access_token, clock.now());
      if (!caller) throw new Error('token did not verify');
      return { ...data, caller };
    },

    /**
     * The onboarding save (PUT /users) of a signed-in character: a name and the usual profile,
     * `gender` and `age_id` where a test needs them other than 女性 / 20代.
     */
    onboard(
      caller: { userId: string; sessionId: string },
      user_name: string,
      { gender = '2', age_id = 2 }: { gender?: string; age_id?: number } = {},
    ) {
      return app.inject({
        method: 'PUT',
        url: '/users',
        headers: this.as(caller),
        payload: { user_name, gender, age_id, area_id: 14, is_infomation: 1 },
      });
    },

    /** Registers `email` and saves its profile as `user_name`; the caller it is signed in as. */
    async registerNamed(email: string, user_name: string, profile: { gender?: string; age_id?: number } = {}) {
      const { caller } = await this.register(email);
      const saved = await this.onboard(caller, user_name, profile);
      if (saved.statusCode !== 200) throw new Error(`onboarding failed: ${saved.body}`);
      return caller;
    },

    /** Every realtime delivery from now on, in order, for tests that check who was told what. */
    deliveries() {
      const delivered: { user_id: string; type: string; data: unknown }[] = [];
      infra.bus.subscribe(
        events.realtimeDelivered,
        (e) => void delivered.push({ user_id: e.user_id, type: e.event.type, data: e.event.data }),
      );
      return delivered;
    },

    /** Stops accounts and starts it again on the same database, with this cache (as a restart would). */
    async restartAccounts(cache: Cache) {
      await accounts.close();
      accounts = await createService(config, { ...accountsOverrides, cache });
      return accounts;
    },

    async close() {
      await accounts.close();
      await points.close();
      await dropTestSchemas(config, [accountsSchema]);
      await dropTestSchemas(points.ctx.config, [pointsSchema]);
      await infra.close();
    },
    sql,
  };
}

async function readMails(dir: string): Promise<{ to: string; subject: string; text: string }[]> {
  let names: string[] = [];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    names.map(
      async (n) =>
        JSON.parse(await readFile(path.join(dir, n), 'utf8')) as { to: string; subject: string; text: string },
    ),
  );
}
