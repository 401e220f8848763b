import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

import type * as Testcontainers from 'testcontainers';
import type { GenericContainer, StartedTestContainer } from 'testcontainers';

import { SERVICE_DATABASES, serviceDatabaseVar } from './config.ts';

// Real infrastructure for a test run through Testcontainers: a vitest globalSetup starts
// PostgreSQL, Redis, NATS and an S3-compatible store (and LiveKit for the calls suites) once per
// run, exports their URLs the way a developer with servers running would, and removes them at the
// end. This is what CI's package suites run on. A `*_URL` already set wins (that server is used, no
// container started); without an engine or an image the suites stay on the embedded defaults and
// say so, and with CI=true the run fails here instead. The images are honne's own,
// built from Debian packages by infra/images/build.sh (no registry is reachable on our machines);
// HONNE_IMAGE_<NAME> names another. HONNE_TESTCONTAINERS=off turns this off.

const LIVEKIT_CONFIG = fileURLToPath(new URL('../../../infra/livekit/livekit.yaml', import.meta.url));

const say = (line: string) => console.log(`\u001b[36m[testcontainers]\u001b[0m ${line}`);
const image = (name: string) => process.env[`HONNE_IMAGE_${name.toUpperCase()}`] ?? `honne/${name}:local`;

interface Server {
  /** The variables it answers for: started only when one of them is unset. */
  vars: string[];
  image: string;
  start(c: typeof Testcontainers): Promise<{ container: StartedTestContainer; env: Record<string, string> }>;
}

/**
 * The test run (its process) that started a container. Without Ryuk nothing removes the containers
 * of a run killed before its teardown; the next run removes those whose process is gone.
 */
const OWNER_LABEL = 'honne.testcontainers.pid';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Publishes every port on 127.0.0.1 only (nothing but loopback is ever a target here); labels the owner. */
function onLoopback<T extends GenericContainer>(container: T): T {
  container.withLabels({ [OWNER_LABEL]: String(process.pid) });
  const bindings = (container as unknown as { hostConfig: { PortBindings?: Record<string, { HostIp?: string }[]> } })
    .hostConfig.PortBindings;
  for (const list of Object.values(bindings ?? {})) for (const b of list) b.HostIp = '127.0.0.1';
  return container;
}

const SERVERS: Record<'postgres' | 'redis' | 'nats' | 's3' | 'livekit', Server> = {
  postgres: {
    vars: ['DATABASE_URL'],
    image: image('postgres'),
    async start({ GenericContainer, Wait }) {
      const password = randomBytes(12).toString('hex');
      // A database and role per service (issue 30), made by the image's initdb script, as compose has.
      const own = Object.fromEntries(SERVICE_DATABASES.map((s) => [s, randomBytes(12).toString('hex')]));
      const container = await onLoopback(
        new GenericContainer(image('postgres'))
          .withEnvironment({
            POSTGRES_USER: 'honne',
            POSTGRES_PASSWORD: password,
            POSTGRES_DB: 'honne',
            ...Object.fromEntries(SERVICE_DATABASES.map((s) => [`${s.toUpperCase()}_DB_PASSWORD`, own[s]!])),
          })
          // As .ci/run's cluster: durability is not what tests measure, and suites open many pools.
          .withCommand([
            'postgres',
            '-c',
            'fsync=off',
            '-c',
            'synchronous_commit=off',
            '-c',
            'full_page_writes=off',
            '-c',
            'max_connections=300',
          ])
          .withExposedPorts(5432)
          // Twice: the initdb scripts' socket-only server says it first, then the real one.
          .withWaitStrategy(Wait.forLogMessage('database system is ready to accept connections', 2)),
      ).start();
      const host = `${container.getHost()}:${container.getMappedPort(5432)}`;
      return {
        container,
        env: {
          DATABASE_URL: `postgresql://honne:${password}@${host}/honne`,
          ...Object.fromEntries(
            SERVICE_DATABASES.map((s) => [serviceDatabaseVar(s), `postgresql://${s}:${own[s]}@${host}/honne_${s}`]),
          ),
        },
      };
    },
  },
  redis: {
    vars: ['REDIS_URL'],
    image: image('redis'),
    async start({ GenericContainer, Wait }) {
      const container = await onLoopback(
        new GenericContainer(image('redis'))
          .withExposedPorts(6379)
          .withWaitStrategy(Wait.forLogMessage('Ready to accept connections')),
      ).start();
      return { container, env: { REDIS_URL: `redis://${container.getHost()}:${container.getMappedPort(6379)}` } };
    },
  },
  nats: {
    vars: ['NATS_URL'],
    image: image('nats'),
    async start({ GenericContainer, Wait }) {
      const container = await onLoopback(
        new GenericContainer(image('nats'))
          .withExposedPorts(4222, 8222)
          .withWaitStrategy(Wait.forHttp('/healthz?js-enabled-only=true', 8222)),
      ).start();
      return { container, env: { NATS_URL: `nats://${container.getHost()}:${container.getMappedPort(4222)}` } };
    },
  },
  s3: {
    vars: ['S3_URL'],
    image: image('s3'),
    async start({ GenericContainer, Wait }) {
      // gofakes3 checks no signature (docs/adr/0010-object-storage.md); the keys are sent, signed.
      const container = await onLoopback(
        new GenericContainer(image('s3')).withExposedPorts(9000).withWaitStrategy(Wait.forHttp('/', 9000)),
      ).start();
      const key = randomBytes(12).toString('hex');
      return {
        container,
        env: { S3_URL: `http://honne-test:${key}@${container.getHost()}:${container.getMappedPort(9000)}/honne` },
      };
    },
  },
  livekit: {
    vars: ['LIVEKIT_URL', 'LIVEKIT_API_KEY', 'LIVEKIT_API_SECRET'],
    image: image('livekit'),
    async start({ GenericContainer, Wait }) {
      const key = `honne-test-${randomBytes(4).toString('hex')}`;
      const secret = randomBytes(24).toString('hex');
      // The suites reach LiveKit's API and signalling only (no media), on a published 7880.
      const container = await onLoopback(
        new GenericContainer(image('livekit'))
          .withCopyFilesToContainer([{ source: LIVEKIT_CONFIG, target: '/etc/livekit.yaml' }])
          .withCommand(['--config', '/etc/livekit.yaml', '--keys', `${key}: ${secret}`, '--node-ip', '127.0.0.1'])
          .withExposedPorts(7880)
          .withWaitStrategy(Wait.forHttp('/', 7880)),
      ).start();
      return {
        container,
        env: {
          LIVEKIT_URL: `ws://${container.getHost()}:${container.getMappedPort(7880)}`,
          LIVEKIT_API_KEY: key,
          LIVEKIT_API_SECRET: secret,
        },
      };
    },
  },
};

/**
 * Starts what the run needs and is not given by a `*_URL`, sets those variables for the suites
 * (vitest starts its workers after globalSetup, with this environment), and returns the teardown.
 */
export async function startTestContainers(opts: { livekit?: boolean } = {}): Promise<() => Promise<void>> {
  const wanted = (['postgres', 'redis', 'nats', 's3', ...(opts.livekit ? ['livekit' as const] : [])] as const).filter(
    (name) => SERVERS[name].vars.some((v) => !process.env[v]),
  );
  if (wanted.length === 0) {
    say('every server comes from its *_URL: no containers');
    return async () => {};
  }
  if (process.env.HONNE_TESTCONTAINERS === 'off') {
    say(`HONNE_TESTCONTAINERS=off: no containers for ${wanted.join(', ')}`);
    return async () => {};
  }
  // This machine has a /.dockerenv: without the override Testcontainers would aim at the bridge
  // gateway, a private address. Ryuk's image cannot be pulled here; the teardown below removes ours.
  process.env.TESTCONTAINERS_HOST_OVERRIDE ??= '127.0.0.1';
  process.env.TESTCONTAINERS_RYUK_DISABLED ??= 'true';
  const tc = await import('testcontainers');
  let engine: string;
  try {
    const client = await tc.getContainerRuntimeClient();
    const rt = client.info.containerRuntime;
    engine = `${rt.operatingSystem}, server ${rt.serverVersion}, socket ${rt.remoteSocketPath}, ports on ${rt.host}`;
    for (const name of wanted) {
      const found = await client.image.exists(tc.ImageName.fromString(SERVERS[name].image));
      if (!found) throw new Error(`image ${SERVERS[name].image} is missing: build it with infra/images/build.sh`);
    }
    const { dockerode } = client.container;
    const labelled = await dockerode.listContainers({ all: true, filters: { label: [OWNER_LABEL] } });
    const orphans = labelled.filter((c) => !alive(Number(c.Labels[OWNER_LABEL])));
    await Promise.allSettled(orphans.map((c) => dockerode.getContainer(c.Id).remove({ force: true, v: true })));
    if (orphans.length > 0)
      say(`removed ${orphans.length} containers left by killed runs (${orphans.map((c) => c.Image).join(', ')})`);
  } catch (err) {
    const why = `no containers for ${wanted.join(', ')}: ${(err as Error).message.split('\n')[0]}`;
    // CI's real half is this path: an engine that does not answer is a failure there, not a skip.
    if (process.env.CI === 'true') throw new Error(`${why} — not allowed with CI=true`);
    say(why);
    return async () => {};
  }

  const started: StartedTestContainer[] = [];
  const teardown = async () => {
    const t0 = Date.now();
    await Promise.allSettled(started.map((c) => c.stop({ timeout: 2_000, remove: true, removeVolumes: true })));
    if (started.length > 0) say(`${started.length} containers removed in ${Date.now() - t0} ms`);
  };
  try {
    const t0 = Date.now();
    const results = await Promise.all(wanted.map((name) => SERVERS[name].start(tc)));
    for (const [i, { container, env }] of results.entries()) {
      started.push(container);
      Object.assign(process.env, env);
      const where = Object.values(env)[0]!.replace(/\/\/[^@/]*@/, '//');
      say(`${wanted[i]}: ${SERVERS[wanted[i]!].image} (${container.getId().slice(0, 12)}) at ${where}`);
    }
    say(`engine ${engine}; ${wanted.length} containers ready in ${Date.now() - t0} ms`);
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}

/** vitest globalSetup for suites that need PostgreSQL, Redis, NATS and object storage. */
export default function setup(): Promise<() => Promise<void>> {
  return startTestContainers();
}
