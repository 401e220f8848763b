#!/usr/bin/env node
// Adds up what every test runner in a CI log reported (vitest, Playwright, node's, schemathesis) and prints
// one closing line, `tests: N passed, N failed`, the plain form any reader of a CI log can count:
// each runner's own summary sits in the middle of the log, under the next runner's output.
// Above it, the names of what failed (a CI page often shows only the log's tail, where a runner's own
// report of the failure has long scrolled away).
// Usage: node scripts/test-totals.mjs LOG — exits 1 when nothing was counted or anything failed.
import { readFileSync } from 'node:fs';

// eslint-disable-next-line no-control-regex -- ANSI colour codes start with ESC
const log = readFileSync(process.argv[2], 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = new Set();

/** A line that names a failed test or step, in any runner's words, or undefined. */
function failureName(line) {
  // vitest: " FAIL  src/x.test.ts > group > name"; Playwright: "  ✘  12 tests/x.spec.ts:10:1 › name (3.1s)";
  // node's runner: "not ok 3 - name"; our own steps: "[test] browser journeys (e2e/): FAILED in 12s"
  const match =
    /^\s*(?:\S+ test(?:\$|:) )?\s*FAIL\s+(.+?)\s*$/.exec(line) ??
    /^\s*(?:\S+ test(?:\$|:) )?\s*✘\s+\d+\s+(.+?)\s*$/.exec(line) ??
    /^\s*not ok \d+ - (.+?)\s*$/.exec(line) ??
    /^(\[\w+\] .*\bFAILED\b.*?)\s*$/.exec(line);
  return match?.[1];
}

/** "3 passed", "1 failed | 2 skipped", "6397 generated, 6397 passed" → counts into totals. */
function add(fragment) {
  for (const [, n, word] of fragment.matchAll(/(\d+) (passed|failed|flaky|skipped|todo|errored)/g)) {
    const key =
      word === 'passed' || word === 'flaky' ? 'passed' : word === 'failed' || word === 'errored' ? 'failed' : 'skipped';
    totals[key] += Number(n);
  }
}

for (const line of log.split('\n')) {
  const failure = failureName(line);
  if (failure) failures.add(failure);
  // vitest: "      Tests  1 failed | 122 passed (123)" (pnpm may put "pkg test: " before it)
  const vitest = /(?:^|\s)Tests\s{2,}(.+?)\s+\(\d+\)\s*$/.exec(line);
  if (vitest) {
    add(vitest[1]);
    continue;
  }
  // Playwright: "  45 passed (3.2m)", "  1 failed", "  2 skipped", "  1 flaky"
  const playwright = /^\s*(?:\S+ test(?:\$|:) )?\s*(\d+ (?:passed|failed|flaky|skipped))(?: \([\d.]+m?s?\))?\s*$/.exec(
    line,
  );
  if (playwright) {
    add(playwright[1]);
    continue;
  }
  // node's test runner: "# pass 3", "# fail 0", "# skipped 0"
  const node = /^# (pass|fail|skipped) (\d+)\s*$/.exec(line);
  if (node) {
    add(`${node[2]} ${node[1] === 'pass' ? 'passed' : node[1] === 'fail' ? 'failed' : 'skipped'}`);
    continue;
  }
  // schemathesis: "  6397 generated, 6397 passed" or "..., 2 failed, ..."
  const fuzz = /^\s*\d+ generated, (.+)$/.exec(line);
  if (fuzz) add(fuzz[1]);
}

if (failures.size > 0) {
  const names = [...failures];
  console.log(`failed (${names.length}):`);
  for (const name of names.slice(0, 40)) console.log(`  ${name}`);
  if (names.length > 40) console.log(`  … and ${names.length - 40} more (the log above names them)`);
}
console.log(
  `tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.passed > 0 && totals.failed === 0 ? 0 : 1);
