#!/usr/bin/env node
// Runs the call journeys once per transport, each inside a fresh network namespace with loopback
// only (`unshare -n`): peer to peer, then over a livekit-server this script starts inside the same
// namespace. Nothing a browser or server does can reach beyond 127.0.0.1, and two runs never see
// each other's ports. Needs root (CI runs as root) or unprivileged user namespaces (`unshare -rn`).
//
//   node support/calls-run.mjs [playwright args]        both transports
//   HONNE_CALLS_TRANSPORTS=p2p node support/calls-run.mjs ...   one of them
//   HONNE_CALLS_CONFIG=playwright.calls-bench.config.ts ...      the call benchmarks (bench/README.md)
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
const strict = process.env.CI === 'true';
const loud = (message) => {
  if (strict) {
    console.error(`\n✗ ${message} — not allowed with CI=true\n`);
    process.exit(1);
  }
  console.warn(`\n\u001b[33m⚠ ${message}\u001b[0m\n`);
};

/** Resolves once something listens on host:port (TCP), or throws after 30 s. */
async function waitForPort(host, port, what) {
  for (let i = 0; i < 300; i++) {
    const ok = await new Promise((resolve) => {
      const s = net.connect({ host, port });
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not start`);
}

// ---- inside the namespace: (livekit-server or turnserver), then playwright ------------------
if (process.env.HONNE_CALLS_IN_NETNS) {
  const transport = process.env.HONNE_CALLS_TRANSPORT;
  const env = { ...process.env };
  // The journeys run the embedded stack: servers outside this namespace are unreachable anyway.
  for (const k of [
    'DATABASE_URL',
    'NATS_URL',
    'REDIS_URL',
    'SMTP_URL',
    'S3_URL',
    'LIVEKIT_URL',
    'LIVEKIT_API_KEY',
    'LIVEKIT_API_SECRET',
    ...Object.keys(env).filter((name) => name.endsWith('_DATABASE_URL')),
  ])
    delete env[k];
  let livekit = null;
  let turn = null;
  if (transport === 'p2p') {
    // An anonymous peer-to-peer call needs a relay (ADR 0021): coturn (Debian's, .ci/run installs it)
    // on an address of its own, so the journeys can tell a relay address from a browser's.
    const relayIp = process.env.HONNE_CALLS_RELAY_IP;
    const turnPort = Number(process.env.E2E_PORT) + 20;
    const turnSecret = randomBytes(16).toString('hex');
    if (spawnSync('sh', ['-c', 'command -v turnserver']).status !== 0) {
      loud('turnserver (coturn) not found: anonymous peer-to-peer call journeys will be refused a relay');
    }
    turn = spawn(
      'turnserver',
      [
        '-n',
        `--listening-ip=${relayIp}`,
        `--relay-ip=${relayIp}`,
        `--listening-port=${turnPort}`,
        `--min-port=${turnPort + 100}`,
        `--max-port=${turnPort + 400}`,
        '--use-auth-secret',
        `--static-auth-secret=${turnSecret}`,
        '--realm=honne.test',
        '--allow-loopback-peers',
        '--no-tls',
        '--no-dtls',
        '--no-cli',
        '--log-file=stdout',
        '--simple-log',
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    turn.on('error', (err) => console.error(`turnserver: ${err.message}`));
    await waitForPort(relayIp, turnPort, 'turnserver');
    Object.assign(env, {
      ICE_SERVERS: JSON.stringify([{ urls: [`turn:${relayIp}:${turnPort}?transport=udp`] }]),
      TURN_SECRET: turnSecret,
    });
  }
  if (transport === 'livekit') {
    const bin = process.env.LIVEKIT_BIN;
    const port = Number(process.env.E2E_PORT) + 10;
    const key = `e2e-${randomBytes(3).toString('hex')}`;
    const secret = randomBytes(24).toString('hex');
    // LiveKit reads LIVEKIT_-prefixed variables as its own config: start it with none of ours.
    const lkEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('LIVEKIT_')));
    // infra's config plus webhooks to the app under test (the calls service learns joins and
    // published tracks from them: that is how a LiveKit call becomes 'connected').
    const config = path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), 'livekit.yaml');
    writeFileSync(
      config,
      `${readFileSync(path.join(root, '..', 'infra', 'livekit', 'livekit.yaml'), 'utf8')}\n` +
        `webhook:\n  api_key: ${key}\n  urls:\n    - http://127.0.0.1:${process.env.E2E_PORT}/api/v1/calls/livekit/webhook\n`,
    );
    livekit = spawn(
      bin,
      [
        '--dev',
        '--config',
        config,
        '--keys',
        `${key}: ${secret}`,
        '--bind',
        '127.0.0.1',
        '--node-ip',
        '127.0.0.1',
        '--port',
        String(port),
        '--rtc.tcp_port',
        String(port + 1),
        '--udp-port',
        String(port + 2),
        '--logging.level',
        'warn',
      ],
      { env: lkEnv, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    await waitForPort('127.0.0.1', port, 'livekit-server');
    Object.assign(env, {
      LIVEKIT_URL: `ws://127.0.0.1:${port}`,
      LIVEKIT_API_KEY: key,
      LIVEKIT_API_SECRET: secret,
      HONNE_E2E_KEEP_LIVEKIT: '1',
    });
  }
  const result = spawnSync(
    'npx',
    [
      'playwright',
      'test',
      '-c',
      process.env.HONNE_CALLS_CONFIG ?? 'playwright.calls.config.ts',
      ...process.argv.slice(2),
    ],
    {
      stdio: 'inherit',
      cwd: root,
      env,
    },
  );
  livekit?.kill('SIGTERM');
  turn?.kill('SIGTERM');
  process.exit(result.status ?? 1);
}

// ---- outside: one namespace per transport ----------------------------------------------------
const transports = (process.env.HONNE_CALLS_TRANSPORTS ?? 'p2p,livekit').split(',').filter(Boolean);
const asRoot = process.getuid?.() === 0;
const probe = spawnSync('unshare', [asRoot ? '-n' : '-rn', 'true']);
if (probe.status !== 0) {
  loud('cannot create a network namespace (unshare -n): the call journeys are SKIPPED');
  process.exit(0);
}
const RELAY_IP = '10.77.1.1';
const livekitBin = process.env.LIVEKIT_BIN ?? path.join(os.homedir(), '.cache', 'honne', 'livekit-server-v1.13.5');
let status = 0;
for (const transport of transports) {
  if (transport === 'livekit' && !existsSync(livekitBin)) {
    loud(`livekit-server not found at ${livekitBin} (.ci/run builds it): the LiveKit call journeys are SKIPPED`);
    continue;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `honne-e2e-calls-${transport}-`));
  const script = fileURLToPath(import.meta.url);
  const args = process.argv
    .slice(2)
    .map((a) => `'${a.replaceAll("'", "'\\''")}'`)
    .join(' ');
  // Chromium counts itself offline with only a loopback device (navigator.onLine false, and the
  // app rightly refuses calls then). A tap device held open by a process that never reads it gives
  // Chromium an up interface with an address that leads nowhere: packets sent to it are dropped,
  // and nothing has a route out of the namespace.
  const holdTap =
    "import fcntl,os,struct,time; fd=os.open('/dev/net/tun',os.O_RDWR); " +
    "fcntl.ioctl(fd,0x400454ca,struct.pack('16sH',b'honne0',0x1002)); time.sleep(86400)";
  const cmd =
    `ip link set lo up && ip tuntap add dev honne0 mode tap && (python3 -c "${holdTap}" & echo $! > '${dataDir}/tap.pid') && ` +
    `sleep 0.3 && ip addr add 10.77.0.1/32 dev honne0 && ip link set honne0 up && ` +
    // The TURN server's own address: no browser has it, so a journey can tell relay from host.
    `ip addr add ${RELAY_IP}/32 dev lo && ` +
    `node '${script}' ${args}; rc=$?; kill $(cat '${dataDir}/tap.pid'); exit $rc`;
  writeFileSync(path.join(dataDir, 'transport'), transport);
  console.log(`\n[calls] ${transport} journeys inside a loopback-only network namespace`);
  const result = spawnSync('unshare', [asRoot ? '-n' : '-rn', 'sh', '-c', cmd], {
    stdio: 'inherit',
    cwd: root,
    env: {
      ...process.env,
      HONNE_CALLS_IN_NETNS: '1',
      HONNE_CALLS_TRANSPORT: transport,
      LIVEKIT_BIN: livekitBin,
      E2E_PORT: process.env.E2E_PORT ?? '18080',
      E2E_DATA_DIR: dataDir,
      HONNE_CALLS_RELAY_IP: RELAY_IP,
    },
  });
  if (result.status !== 0) status = result.status ?? 1;
}
process.exit(status);
