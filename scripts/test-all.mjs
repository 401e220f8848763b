// `npm test`'s suites after the install and build: every package's suite, then faults/, then the
// browser journeys. Each step runs even when an earlier one failed (a failing package suite must not
// hide what the journeys say), and the exit code is non-zero when any failed.
//
// HONNE_TEST_PACKAGES_ON_CONTAINERS=1 (set by .ci/run when a container engine runs) removes the
// *_URL variables for the package suites only, so their real half runs on what Testcontainers starts
// (packages/service-kit/src/testing-containers.ts); faults/ and the journeys keep the servers those
// variables name: they start and break servers of their own, or serve the app on these.
import { spawnSync } from 'node:child_process';

const SERVER_VARS = [
  'DATABASE_URL',
  'REDIS_URL',
  'NATS_URL',
  'S3_URL',
  'LIVEKIT_URL',
  'LIVEKIT_API_KEY',
  'LIVEKIT_API_SECRET',
];
const onContainers = process.env.HONNE_TEST_PACKAGES_ON_CONTAINERS === '1';

function packagesEnv() {
  if (!onContainers) return process.env;
  const env = { ...process.env };
  for (const name of SERVER_VARS) delete env[name];
  // Each service's own database (issue 30): Testcontainers makes them beside DATABASE_URL's.
  for (const name of Object.keys(env)) if (name.endsWith('_DATABASE_URL')) delete env[name];
  return env;
}

const steps = [
  // The repository's own scripts (npm start's up-to-date check), with node's test runner.
  { name: 'scripts (scripts/test/)', command: [process.execPath, ['--test', 'scripts/test/']], env: process.env },
  {
    name: `package suites${onContainers ? ' (real half on Testcontainers)' : ''}`,
    args: ['-r', '--workspace-concurrency=1', '--no-bail', '--filter', '!@honne/faults', 'run', 'test'],
    env: packagesEnv(),
  },
  { name: 'fault injection (faults/)', args: ['--filter', '@honne/faults', 'run', 'test'], env: process.env },
  { name: 'browser journeys (e2e/)', args: ['--filter', '@honne/e2e', 'run', 'test:e2e'], env: process.env },
];

const failed = [];
for (const step of steps) {
  const started = Date.now();
  console.log(`[test] ${step.name}`);
  const [cmd, args] = step.command ?? [process.execPath, ['scripts/pnpm.mjs', ...step.args]];
  const run = spawnSync(cmd, args, { stdio: 'inherit', env: step.env });
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`[test] ${step.name}: ${run.status === 0 ? 'passed' : 'FAILED'} in ${seconds}s`);
  if (run.status !== 0) failed.push(step.name);
}
if (failed.length > 0) {
  console.error(`[test] failed: ${failed.join(', ')}`);
  process.exit(1);
}
