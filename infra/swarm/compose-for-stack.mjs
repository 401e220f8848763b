#!/usr/bin/env node
// Prints docker-compose.yml as `docker stack deploy` reads it on Debian's docker.io (20.10), for
// infra/swarm/stack.yml to be laid over it (infra/README.md "Docker Swarm"). One compose file stays
// the source of the images, commands, health checks and environment; this only takes out what a
// swarm does not have or does otherwise:
//  - depends_on (the 20.10 loader refuses its map form, and a swarm has no start order: services
//    restart until what they need answers), build and restart (stack.yml's deploy says it);
//  - ports: compose binds them to PUBLISH_IP, a swarm cannot (stack.yml publishes in host mode);
//  - relative bind mounts are made absolute, so the output can be written anywhere;
//  - every secret a container reads from its environment (SECRET below) becomes a Docker secret:
//    X is dropped, X_FILE=/run/secrets/<x> set (the services' parseEnv and the postgres initdb
//    script read it), and the secret is declared external, named ${HONNE_SECRET_PREFIX}_<x>
//    (`docker secret create`: infra/swarm/run.sh makes them);
//  - NATS's health check: a swarm names a task in DNS only once it is healthy, and compose's check
//    (`/healthz`) passes only once the cluster has a meta leader, which needs the routes to the
//    other servers by name, so each would wait for the others forever. Here a server is healthy
//    once it runs JetStream; services started before the cluster has formed fail to make their
//    streams and are restarted until it has. (stack.yml cannot say this: `docker stack deploy`
//    appends a second file's health check command to the first's.)
//
//   node infra/swarm/compose-for-stack.mjs [docker-compose.yml] > base.yml
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { parse, stringify } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const file = path.resolve(process.argv[2] ?? path.join(root, 'docker-compose.yml'));

/** Variables that carry a secret: passwords, database URLs with one, signing keys. */
export const SECRET =
  /^(JWT_SECRET|INTERNAL_TOKEN|[A-Z]+_DATABASE_URL|[A-Z]+_DB_PASSWORD|LIVEKIT_API_SECRET|VAPID_PRIVATE_KEY)$/;

export function forStack(compose, dir) {
  const secrets = new Set();
  for (const service of Object.values(compose.services)) {
    for (const key of ['depends_on', 'build', 'restart', 'ports']) delete service[key];
    service.volumes = service.volumes?.map((v) =>
      typeof v === 'string' && v.startsWith('.') ? path.resolve(dir, v.split(':')[0]) + v.slice(v.indexOf(':')) : v,
    );
    if (!service.volumes) delete service.volumes;
    if (service.command?.includes('--cluster_name')) {
      service.healthcheck.test = service.healthcheck.test.map((arg) =>
        arg.endsWith('/healthz') ? `${arg}?js-enabled-only=true` : arg,
      );
    }
    const env = service.environment ?? {};
    const own = [];
    for (const key of Object.keys(env)) {
      if (!SECRET.test(key)) continue;
      const name = key.toLowerCase();
      delete env[key];
      env[`${key}_FILE`] = `/run/secrets/${name}`;
      own.push(name);
      secrets.add(name);
    }
    if (own.length > 0) service.secrets = own.sort();
  }
  compose.secrets = Object.fromEntries(
    [...secrets].sort().map((name) => [name, { external: true, name: `\${HONNE_SECRET_PREFIX:-honne}_${name}` }]),
  );
  return compose;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const compose = parse(readFileSync(file, 'utf8'), { merge: true });
  // The x- anchors are expanded above; the stack loader needs no copy of them.
  for (const key of Object.keys(compose)) if (key.startsWith('x-')) delete compose[key];
  process.stdout.write(
    `# Generated from ${path.relative(root, file)} by infra/swarm/compose-for-stack.mjs: edit that, not this.\n` +
      stringify(forStack(compose, path.dirname(file)), { lineWidth: 0 }),
  );
}
