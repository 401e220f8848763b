// The gateway alone (its own process, as in production). It mints the bench's tokens itself,
// so their sessions live in its cache whether that is Redis or in-memory.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createService, loadConfig } from '@honne/gateway';
import { serveMetricsOn, Tokens } from '@honne/service-kit';

import { answerMeasurements, reply } from './child.ts';

const config = loadConfig({
  // The load comes from one machine, so one address holds every connection: no per-client cap.
  GATEWAY_MAX_CONNECTIONS_PER_CLIENT: '0',
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bench-gateway-')),
  STATIC_DIR: mkdtempSync(path.join(os.tmpdir(), 'bench-static-')),
});
const gateway = await createService(config);
const url = await gateway.app.listen({ host: config.host, port: 0 });
// As main.ts: the observability comparison scrapes it (chat-delivery.ts, BENCH_CHAT_OBSERVE).
if (config.metricsPort) await serveMetricsOn(config.host, config.metricsPort);
const tokens = new Tokens(config.jwtSecret, gateway.ctx.cache);
const now = new Date();
const token = await tokens.issue({ userId: 'bench-user', sessionId: 'bench-session' }, now);
// The signed-up user of the profile half: its session is only in the accounts process's cache when
// that cache is in memory, so the gateway vouches for the same user and session with a token of its own.
const { BENCH_PROFILE_USER_ID: profileUser, BENCH_PROFILE_SESSION_ID: profileSession } = process.env;
const profileToken =
  profileUser && profileSession
    ? await tokens.issue({ userId: profileUser, sessionId: profileSession }, now)
    : undefined;

const count = Number(process.env.BENCH_SOCKET_USERS ?? 0);
if (count > 0) {
  const list: string[] = [];
  for (let i = 0; i < count; i++)
    list.push(await tokens.issue({ userId: `user-${i}`, sessionId: `session-${i}` }, now));
  writeFileSync(process.env.BENCH_TOKENS_FILE!, list.join('\n'));
}

answerMeasurements(() => ({ sockets: gateway.hub.size }));
reply({ type: 'ready', url, cache: gateway.ctx.cache.kind, bus: gateway.ctx.bus.kind, token, profileToken });
process.once('SIGTERM', () => void gateway.close().then(() => process.exit(0)));
