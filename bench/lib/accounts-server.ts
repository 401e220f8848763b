// accounts, as the upstream of the profile half of the HTTP bench, with one user signed up and
// verified through its own API. GET /users/profile asks points (the balance) and topics (the saved
// filter) over the bus, so topics runs in this process too, and so does points when the bus is
// in-process (there is no bus between processes then); with NATS, points is the bench's points process.
import { mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { createService as createAccounts, loadConfig as loadAccountsConfig } from '@honne/accounts';
import { createService as createPoints, loadConfig as loadPointsConfig } from '@honne/points';
import { createLogger, InProcessBus, MemoryCache, type BaseOverrides } from '@honne/service-kit';
import { createService as createTopics, loadConfig as loadTopicsConfig } from '@honne/topics';

import { answerMeasurements, reply } from './child.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-accounts-'));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  // Outside production the sign-up code is written to the outbox folder instead of mailed.
  NODE_ENV: 'development',
  ACCOUNTS_PORT: '0',
  TOPICS_PORT: '0',
  POINTS_PORT: '0',
};
const shared: BaseOverrides = env.NATS_URL
  ? {}
  : { bus: new InProcessBus(createLogger('bench', env.LOG_LEVEL ?? 'warn')), cache: new MemoryCache() };
const options = (service: string) => ({
  ...shared,
  inMemoryDb: !env.DATABASE_URL,
  schema: `bench_${service}_${process.pid}`,
});

const peers: { close(): Promise<void> }[] = [await createTopics(loadTopicsConfig(env), options('topics'))];
if (!env.NATS_URL) peers.push(await createPoints(loadPointsConfig(env), options('points')));
const accounts = await createAccounts(loadAccountsConfig(env), options('accounts'));
const url = await accounts.app.listen({ host: '127.0.0.1', port: 0 });

const email = 'bench@example.jp';
const password = 'password123';
const post = async (route: string, payload: object) => {
  const res = await accounts.app.inject({ method: 'POST', url: route, payload });
  if (res.statusCode !== 200) throw new Error(`${route} answered ${res.statusCode}: ${res.body}`);
  return res.json<{ data: Record<string, unknown> }>().data;
};
await post('/users', { email, confirm_email: email, password, confirm_password: password, agree_terms: true });
const verified = await post('/users/verify', {
  email,
  verify_code: await mailedCode(path.join(dataDir, 'outbox')),
  device_id: 'bench-device',
  device_type: 'web',
});
const token = String(verified.access_token);
const caller = await accounts.ctx.tokens.verify(token, new Date());
if (!caller) throw new Error('the access token of the bench user did not verify');

answerMeasurements();
reply({
  type: 'ready',
  url,
  db: env.DATABASE_URL ? 'postgresql' : 'pglite',
  token,
  userId: caller.userId,
  sessionId: caller.sessionId,
});
process.once('SIGTERM', () => {
  void (async () => {
    await accounts.close();
    for (const peer of peers) await peer.close();
    process.exit(0);
  })();
});

async function mailedCode(outbox: string): Promise<string> {
  for (const name of (await readdir(outbox)).filter((n) => n.endsWith('.json'))) {
    const mail = JSON.parse(await readFile(path.join(outbox, name), 'utf8')) as { to: string; text: string };
    const code = mail.to === email ? /認証コード: (\d{6})/.exec(mail.text)?.[1] : undefined;
    if (code) return code;
  }
  throw new Error(`no sign-up code in ${outbox}`);
}
