// scripts/test-totals.mjs: the closing lines of a CI log add up every runner and name what failed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const script = path.join(import.meta.dirname, '..', 'test-totals.mjs');

function totals(log) {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'honne-totals-')), 'tests.log');
  writeFileSync(file, log);
  const run = spawnSync(process.execPath, [script, file], { encoding: 'utf8' });
  return { status: run.status, lines: run.stdout.trim().split('\n') };
}

test('a green log: one line with every runner added up, exit 0', () => {
  const { status, lines } = totals(
    [
      '\u001b[2m      Tests \u001b[22m 12 passed (12)',
      '  45 passed (3.2m)',
      '# pass 3',
      '# fail 0',
      '  6397 generated, 6397 passed',
    ].join('\n'),
  );
  assert.equal(status, 0);
  assert.deepEqual(lines, ['tests: 6457 passed, 0 failed']);
});

test('a red log names each failure from vitest, Playwright, node and our own steps above the totals', () => {
  const { status, lines } = totals(
    [
      ' FAIL  src/rooms.test.ts > rooms > a blocked user cannot open a room',
      '      Tests  1 failed | 11 passed (12)',
      '  ✘  12 tests/calls-report.spec.ts:11:1 › an in-call report over livekit (20.9s)',
      '  1 failed',
      '  44 passed (3.2m)',
      'not ok 2 - the swarm stack file',
      '# pass 1',
      '# fail 1',
      '[test] browser journeys (e2e/): FAILED in 1338s',
    ].join('\n'),
  );
  assert.equal(status, 1);
  assert.deepEqual(lines, [
    'failed (4):',
    '  src/rooms.test.ts > rooms > a blocked user cannot open a room',
    '  tests/calls-report.spec.ts:11:1 › an in-call report over livekit (20.9s)',
    '  the swarm stack file',
    '  [test] browser journeys (e2e/): FAILED in 1338s',
    'tests: 56 passed, 3 failed',
  ]);
});
