// What `npm start` may skip on a warm checkout (issue 31): the install when the lockfile and every
// package.json are as they were at the last install, the build when every file the build reads is
// as it was at the last build and its outputs are still there. Fingerprints are content hashes, not
// times, so a checkout, a stash or a copied tree can never make a stale build look fresh.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Folders no build reads (and that would be slow to hash). */
const SKIP_DIRS = new Set(['node_modules', 'dist', 'test', 'tests', 'data', 'artifacts', '.git', 'coverage']);

function* files(root, entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const child of readdirSync(full, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (child.isDirectory() && SKIP_DIRS.has(child.name)) continue;
      yield* files(root, path.join(entry, child.name));
    }
  } else yield entry;
}

/** One hash over the paths and contents of everything under `entries` (files or folders) in `root`. */
export function fingerprint(root, entries) {
  const hash = createHash('sha256');
  for (const entry of entries) {
    for (const file of files(root, entry)) {
      hash.update(file.split(path.sep).join('/'));
      hash.update('\0');
      hash.update(readFileSync(path.join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** The install depends on the lockfile, the workspace file and every package's manifest. */
export function installInputs(root) {
  const manifests = ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml'];
  for (const group of ['packages', 'services', 'frontends', 'e2e', 'bench', 'faults']) {
    const dir = path.join(root, group);
    if (!existsSync(dir)) continue;
    if (existsSync(path.join(dir, 'package.json'))) manifests.push(path.join(group, 'package.json'));
    for (const d of readdirSync(dir, { withFileTypes: true })) {
      if (d.isDirectory() && existsSync(path.join(dir, d.name, 'package.json'))) {
        manifests.push(path.join(group, d.name, 'package.json'));
      }
    }
  }
  return manifests;
}

/** What `pnpm run build` reads: the workspace's sources and configs (tests and docs aside is fine too). */
export const BUILD_INPUTS = [
  'package.json',
  'pnpm-lock.yaml',
  'tsconfig.base.json',
  'scripts/build-server.mjs',
  'scripts/start-embedded.ts',
  'packages',
  'services',
  'frontends',
];

/** What the build leaves, which must all still be there for it to count. */
export function buildOutputs(root) {
  const remotes = readdirSync(path.join(root, 'frontends'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(root, 'frontends', d.name, 'webpack.config.ts')))
    .map((d) => path.join('frontends', d.name, 'dist'));
  return ['dist/start-embedded.js', ...remotes];
}

const stampFile = (root, name) => path.join(root, 'node_modules', '.cache', 'honne', `${name}.stamp`);

/** Whether the step named `name` must run: its inputs changed since its stamp, or an output is gone. */
export function isStale(root, name, inputs, outputs = []) {
  const file = stampFile(root, name);
  if (!existsSync(file)) return { stale: true, print: fingerprint(root, inputs) };
  const print = fingerprint(root, inputs);
  const missing = outputs.some((o) => !existsSync(path.join(root, o)));
  return { stale: missing || readFileSync(file, 'utf8').trim() !== print, print };
}

/** Records that `name` ran over these inputs (only after it succeeded). */
export function stamp(root, name, print) {
  const file = stampFile(root, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${print}\n`);
}
