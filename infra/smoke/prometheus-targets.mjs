#!/usr/bin/env node
// The compose stack's Prometheus (issue 29): every instance is an `up` target — `expected` of them,
// each service's job among them — and the SLO alert rules are loaded. Polls until so or 120 s.
//   node infra/smoke/prometheus-targets.mjs <prometheus url> <expected targets>
const [base, expectedArg] = process.argv.slice(2);
const expected = Number(expectedArg);
if (!base || !expected) {
  console.error('usage: prometheus-targets.mjs <prometheus url> <expected targets>');
  process.exit(2);
}
const JOBS = ['gateway', 'accounts', 'topics', 'chat', 'calls', 'points', 'safety', 'synthetic'];
const get = async (path) => (await (await fetch(`${base}${path}`)).json()).data;

const deadline = Date.now() + 120_000;
let last = 'no answer';
while (Date.now() < deadline) {
  try {
    const { activeTargets } = await get('/api/v1/targets?state=active');
    const up = activeTargets.filter((t) => t.health === 'up');
    const jobs = new Set(up.map((t) => t.labels.job));
    const groups = (await get('/api/v1/rules')).groups;
    const slo = groups.find((g) => g.name === 'honne-slo');
    last = `${up.length}/${activeTargets.length} targets up (want ${expected}); jobs ${[...jobs].sort().join(',')}; SLO rules ${slo?.rules.length ?? 0}`;
    if (
      up.length === expected &&
      activeTargets.length === expected &&
      JOBS.every((j) => jobs.has(j)) &&
      slo?.rules.length
    ) {
      console.log(`[prometheus] ${last}`);
      process.exit(0);
    }
  } catch (err) {
    last = String(err);
  }
  await new Promise((r) => setTimeout(r, 2000));
}
console.error(`[prometheus] not every instance is up within 120 s: ${last}`);
process.exit(1);
