// The SLO alert rules (issue 29) load, and promtool's unit tests of them pass: each alert fires on a
// series that breaks its objective and not on one that keeps it (infra/prometheus/slo-rules.test.yml).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';

const DIR = path.resolve(import.meta.dirname, '../../infra/prometheus');
const promtool = spawnSync('promtool', ['--version'], { encoding: 'utf8' }).status === 0;
if (!promtool && process.env.CI === 'true') throw new Error('promtool is missing (Debian package prometheus)');

const run = (...args) => {
  const result = spawnSync('promtool', args, { cwd: DIR, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
};

test('the SLO rules load', { skip: !promtool && 'promtool is not installed' }, () => {
  const { status, output } = run('check', 'rules', 'slo-rules.yml');
  assert.equal(status, 0, output);
  assert.match(output, /SUCCESS: \d+ rules found/);
});

test(
  'each SLO alert fires when its objective breaks and not before',
  { skip: !promtool && 'promtool is not installed' },
  () => {
    const { status, output } = run('test', 'rules', 'slo-rules.test.yml');
    assert.equal(status, 0, output);
  },
);
