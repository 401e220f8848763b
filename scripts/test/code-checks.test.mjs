// The code checks CI runs with the tests (issue 31): no dead code, real-time handlers that read
// typed data, and a client side that typechecks — so a changed event payload fails here, not on a
// phone. The full `pnpm typecheck` and `pnpm lint` stay for developers (too slow for every CI run).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const ROOT = path.resolve(import.meta.dirname, '../..');
const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', ...options });
  return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

test('no unused files, exports or types (knip)', () => {
  const { status, output } = run(bin('knip'), ['--no-progress', '--no-config-hints']);
  assert.equal(status, 0, output);
});

test('the client side reads real-time events typed and lints clean', () => {
  const { status, output } = run(bin('eslint'), ['frontends', 'packages/api-client', 'packages/ui']);
  assert.equal(status, 0, output);
});

test('a cast of a real-time event’s data is refused by the lint', () => {
  const code =
    "import type { Message } from '@honne/contracts/chat';\nexport const f = (event: { data: unknown }) => event.data as Message;\n";
  const { status, output } = run(
    bin('eslint'),
    ['--stdin', '--stdin-filename', 'frontends/chat/src/features/room/cast-check.ts', '--format', 'json'],
    { input: code },
  );
  assert.equal(status, 1, output);
  const [report] = JSON.parse(output);
  assert.deepEqual(
    report.messages.map((m) => m.ruleId),
    ['no-restricted-syntax'],
  );
});

test('the frontends, the API client and the contracts typecheck', () => {
  const projects = [
    ...readdirSync(path.join(ROOT, 'frontends'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `frontends/${entry.name}`),
    'packages/api-client',
    'packages/contracts',
    'packages/ui',
  ];
  for (const project of projects) {
    const { status, output } = run(bin('tsc'), ['--noEmit', '-p', project]);
    assert.equal(status, 0, `${project}:\n${output}`);
  }
});
