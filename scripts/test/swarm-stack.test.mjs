// The swarm stack (issue 30, infra/swarm/): docker-compose.yml as compose-for-stack.mjs prints it,
// with infra/swarm/stack.yml over it, is what `docker stack deploy` takes — every service reached
// by DNS round robin (no IPVS here), the proxy published in host mode, chat and the gateway rolled
// one task at a time, and no secret left in any container's environment. `docker stack config`
// checks the merge where a docker CLI is installed (it needs no engine); the YAML is checked always.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

import { parse } from 'yaml';

import { forStack, SECRET } from '../../infra/swarm/compose-for-stack.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file) => parse(readFileSync(path.join(ROOT, file), 'utf8'), { merge: true });
const compose = read('docker-compose.yml');
const base = forStack(read('docker-compose.yml'), ROOT);
const stack = read('infra/swarm/stack.yml');

test('every secret a container reads becomes a Docker secret, read from X_FILE', () => {
  const moved = [];
  for (const [name, service] of Object.entries(compose.services)) {
    for (const key of Object.keys(service.environment ?? {}).filter((k) => SECRET.test(k))) {
      const env = base.services[name].environment;
      assert.equal(env[key], undefined, `${name} still has ${key} in its environment`);
      assert.equal(env[`${key}_FILE`], `/run/secrets/${key.toLowerCase()}`);
      assert.ok(base.services[name].secrets.includes(key.toLowerCase()));
      assert.equal(base.secrets[key.toLowerCase()].external, true);
      moved.push(key);
    }
  }
  for (const key of ['JWT_SECRET', 'INTERNAL_TOKEN', 'CHAT_DATABASE_URL', 'CHAT_DB_PASSWORD', 'LIVEKIT_API_SECRET'])
    assert.ok(moved.includes(key), `${key} is not moved to a secret`);
});

test('the base keeps what a swarm runs and drops what it cannot read', () => {
  for (const [name, service] of Object.entries(base.services)) {
    for (const key of ['depends_on', 'build', 'restart', 'ports'])
      assert.equal(service[key], undefined, `${name}.${key}`);
    for (const v of service.volumes ?? []) if (typeof v === 'string') assert.doesNotMatch(v, /^\./, `${name}: ${v}`);
    // NATS's check passes without a formed cluster (compose-for-stack.mjs says why); the rest are compose's.
    if (name.startsWith('nats-')) assert.match(service.healthcheck.test.at(-1), /healthz\?js-enabled-only=true$/);
    else assert.deepEqual(service.healthcheck, compose.services[name].healthcheck);
    assert.equal(service.image, compose.services[name].image);
  }
});

test('stack.yml: dnsrr everywhere, host-mode ports, rolling updates of chat and the gateway', () => {
  assert.deepEqual(Object.keys(stack.services).sort(), Object.keys(compose.services).sort());
  for (const [name, service] of Object.entries(stack.services)) {
    assert.equal(service.deploy.endpoint_mode, 'dnsrr', `${name} would need IPVS for its virtual IP`);
    assert.ok(service.deploy.restart_policy.condition, `${name} has no restart policy`);
    for (const port of service.ports ?? []) assert.equal(port.mode, 'host', `${name} would need the routing mesh`);
  }
  assert.equal(stack.services.proxy.ports[0].target, 8080);
  for (const name of ['chat', 'gateway']) {
    const { replicas, update_config: update, rollback_config: rollback } = stack.services[name].deploy;
    assert.equal(replicas, 2);
    assert.deepEqual(
      { parallelism: update.parallelism, order: update.order, failure_action: update.failure_action },
      { parallelism: 1, order: 'start-first', failure_action: 'rollback' },
    );
    assert.match(update.monitor, /^\d+s$/);
    assert.ok(rollback);
  }
});

const docker = spawnSync('docker', ['stack', 'config', '--help'], { encoding: 'utf8' }).status === 0;
test('docker stack config merges the three files', { skip: !docker && 'no docker CLI with `stack config`' }, () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'honne-swarm-'));
  const out = spawnSync('node', [path.join(ROOT, 'infra/swarm/compose-for-stack.mjs')], { encoding: 'utf8' });
  assert.equal(out.status, 0, out.stderr);
  writeFileSync(path.join(dir, 'base.yml'), out.stdout);
  // Only what the base still interpolates: no service secret is among them.
  const env = { PATH: process.env.PATH, HOME: os.tmpdir() };
  for (const key of ['POSTGRES_PASSWORD', 'LIVEKIT_API_KEY', 'LIVEKIT_API_SECRET', 'TURN_USERNAME', 'TURN_CREDENTIAL'])
    env[key] = 'x';
  const files = ['-c', path.join(dir, 'base.yml'), '-c', 'infra/compose.local.yml', '-c', 'infra/swarm/stack.yml'];
  const run = spawnSync('docker', ['stack', 'config', ...files], { cwd: ROOT, env, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const merged = parse(run.stdout);
  assert.equal(merged.services.gateway.deploy.replicas, 2);
  assert.equal(merged.services.chat.deploy.update_config.order, 'start-first');
  assert.equal(merged.services.proxy.ports[0].mode, 'host');
  assert.equal(merged.services.chat.environment.JWT_SECRET_FILE, '/run/secrets/jwt_secret');
  assert.equal(merged.services.chat.image, 'honne/chat:local');
});
