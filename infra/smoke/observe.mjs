#!/usr/bin/env node
// What operators see of the compose stack after the smoke journey (issue 29, ADR 0032):
// - Jaeger holds one trace of a message send with spans from the gateway (the socket command or the
//   request), chat (its answer or request), PostgreSQL (the INSERT), the bus (the
//   realtime.event.delivered publish and its consumption) and the socket write to the receiver;
// - the synthetic user's last round passed: honne_synthetic_success{step="overall"} is 1 in
//   Prometheus (scraped from its /metrics).
// Polls each until so, or fails after 150 s with what it saw.
//   node infra/smoke/observe.mjs <prometheus url> <jaeger url>
const [prometheus, jaeger] = process.argv.slice(2);
if (!prometheus || !jaeger) {
  console.error('usage: observe.mjs <prometheus url> <jaeger url>');
  process.exit(2);
}
const pause = (ms) => new Promise((r) => setTimeout(r, ms));

async function poll(what, probe, ms = 150_000) {
  const deadline = Date.now() + ms;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const [done, said] = await probe();
      last = said;
      if (done) return said;
    } catch (err) {
      last = String(err);
    }
    await pause(2000);
  }
  throw new Error(`${what} within ${ms / 1000} s: ${last}`);
}

// A span as Jaeger's query API gives it: its operation, its tags, its process. Every span names its
// service in the `honne.service` tag (ADR 0029); its process's name (honne-<service>) says it too,
// except in the embedded start, one process for all (OBSERVE_JAEGER_SERVICE names it there, and
// OBSERVE_DB_SYSTEM=pglite its database).
const service = (trace, span) =>
  span.tags?.find((t) => t.key === 'honne.service')?.value ??
  trace.processes[span.processID]?.serviceName?.replace(/^honne-/, '');
const SEARCH_SERVICE = process.env.OBSERVE_JAEGER_SERVICE ?? 'honne-gateway';
const DB_SYSTEM = process.env.OBSERVE_DB_SYSTEM ?? 'postgresql';
const WANTED = [
  [
    "the gateway's request or socket command",
    (t, s) => service(t, s) === 'gateway' && ['request', 'command message.send'].includes(s.operationName),
  ],
  [
    "chat's handling",
    (t, s) => service(t, s) === 'chat' && ['request', 'answer chat.command.message.send'].includes(s.operationName),
  ],
  // A statement span (named by its verb; chat's batched send is a prepared statement whose text starts
  // with a comment), from PostgreSQL in the stack.
  ['a PostgreSQL statement', (t, s) => s.tags?.some((g) => g.key === 'db.system.name' && g.value === DB_SYSTEM)],
  ['the bus publish', (t, s) => s.operationName === 'publish realtime.event.delivered'],
  ['its consumption', (t, s) => s.operationName === 'process realtime.event.delivered'],
  ["the receiver's socket write", (t, s) => s.operationName === 'socket write message.created'],
];

const trace = await poll('no message send is one whole trace in Jaeger', async () => {
  const query = new URLSearchParams({
    service: SEARCH_SERVICE,
    operation: 'socket write message.created',
    lookback: '1h',
    limit: '50',
  });
  const { data } = await (await fetch(`${jaeger}/api/traces?${query}`)).json();
  const traces = data ?? [];
  const whole = traces.find((t) => WANTED.every(([, has]) => t.spans.some((s) => has(t, s))));
  if (whole) {
    const services = [...new Set(whole.spans.map((s) => service(whole, s)))].sort();
    return [true, `trace ${whole.traceID}: ${whole.spans.length} spans from ${services.join(', ')}`];
  }
  const missing = traces
    .slice(0, 3)
    .map((t) => WANTED.filter(([, has]) => !t.spans.some((s) => has(t, s))).map(([w]) => w));
  return [false, `${traces.length} traces with a message's socket write; the newest miss ${JSON.stringify(missing)}`];
});
console.log(`[jaeger] one message send is one trace: ${trace}`);

// ('-' for Prometheus: the trace only, as when trying this against the embedded start.)
if (prometheus === '-') process.exit(0);
const synthetic = await poll("the synthetic user's success is not 1 in Prometheus", async () => {
  const query = encodeURIComponent('honne_synthetic_success');
  const { data } = await (await fetch(`${prometheus}/api/v1/query?query=${query}`)).json();
  const steps = Object.fromEntries(data.result.map((r) => [r.metric.step, r.value[1]]));
  return [steps.overall === '1', `honne_synthetic_success ${JSON.stringify(steps)}`];
});
console.log(`[prometheus] ${synthetic}`);
