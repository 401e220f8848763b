// The start script's up-to-date check (issue 31): a changed source or lockfile means work, an
// unchanged tree none, and a stamp alone never stands for outputs that are gone.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

import { BUILD_INPUTS, buildOutputs, installInputs, isStale, stamp } from '../up-to-date.mjs';

function tree() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'honne-uptodate-'));
  const write = (file, text) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('package.json', '{"name":"honne"}');
  write('pnpm-lock.yaml', 'lockfileVersion: 9\n');
  write('pnpm-workspace.yaml', 'packages: []\n');
  write('tsconfig.base.json', '{}');
  write('scripts/build-server.mjs', '');
  write('scripts/start-embedded.ts', 'export {};');
  write('packages/ui/package.json', '{"name":"@honne/ui"}');
  write('packages/ui/src/index.ts', 'export const a = 1;');
  write('services/chat/package.json', '{"name":"@honne/chat"}');
  write('services/chat/src/app.ts', 'export {};');
  write('frontends/shell/package.json', '{"name":"@honne/shell"}');
  write('frontends/shell/webpack.config.ts', 'export default {};');
  write('frontends/shell/src/App.tsx', 'export {};');
  return { root, write, rm: (file) => rmSync(path.join(root, file), { recursive: true }) };
}

function built(t) {
  const b = isStale(t.root, 'build', BUILD_INPUTS, buildOutputs(t.root));
  t.write('dist/start-embedded.js', '');
  t.write('frontends/shell/dist/index.html', '');
  stamp(t.root, 'build', b.print);
}

test('an unchanged tree needs no build; a changed source does', () => {
  const t = tree();
  assert.equal(isStale(t.root, 'build', BUILD_INPUTS, buildOutputs(t.root)).stale, true, 'never built');
  built(t);
  assert.equal(isStale(t.root, 'build', BUILD_INPUTS, buildOutputs(t.root)).stale, false, 'nothing changed');
  // Outputs and tests are not inputs.
  t.write('services/chat/test/x.test.ts', 'changed');
  t.write('frontends/shell/dist/extra.js', '');
  assert.equal(isStale(t.root, 'build', BUILD_INPUTS, buildOutputs(t.root)).stale, false, 'tests and outputs');
  t.write('packages/ui/src/index.ts', 'export const a = 2;');
  assert.equal(isStale(t.root, 'build', BUILD_INPUTS, buildOutputs(t.root)).stale, true, 'a source changed');
  built(t);
  t.write('services/chat/src/new-file.ts', 'export {};');
  assert.equal(isStale(t.root, 'build', BUILD_INPUTS, buildOutputs(t.root)).stale, true, 'a source was added');
  built(t);
  t.write('pnpm-lock.yaml', 'lockfileVersion: 9\n# another dependency\n');
  assert.equal(isStale(t.root, 'build', BUILD_INPUTS, buildOutputs(t.root)).stale, true, 'the lockfile changed');
});

test('a build whose outputs are gone is built again, whatever its stamp says', () => {
  const t = tree();
  built(t);
  t.rm('frontends/shell/dist');
  assert.equal(isStale(t.root, 'build', BUILD_INPUTS, buildOutputs(t.root)).stale, true);
});

test('the install follows the lockfile and every package manifest, not the sources', () => {
  const t = tree();
  const check = () => isStale(t.root, 'install', installInputs(t.root));
  assert.equal(check().stale, true, 'never installed');
  stamp(t.root, 'install', check().print);
  assert.equal(check().stale, false);
  t.write('services/chat/src/app.ts', 'export const changed = true;');
  assert.equal(check().stale, false, 'a source change needs no install');
  t.write('services/chat/package.json', '{"name":"@honne/chat","dependencies":{"x":"1"}}');
  assert.equal(check().stale, true, 'a manifest changed');
  stamp(t.root, 'install', check().print);
  t.write('pnpm-lock.yaml', 'lockfileVersion: 9\n# changed\n');
  assert.equal(check().stale, true, 'the lockfile changed');
});
