// What operators see of a whole journey run (issue 29), checked after it:
// - the metrics stay under 5,000 series in the one process (labels never carry an id);
// - a message sent through the app is one trace: the gateway's request, chat's request and its
//   INSERT, the event published and handled over the bus, and the write to the receiver's socket;
// - log lines written inside a request carry their trace and span ids.
import { existsSync, readFileSync } from 'node:fs';

import { E2E_METRICS_PORT, SERVER_LOG, SPANS_FILE } from '../playwright.config.ts';

const MAX_SERIES = 5_000;

interface SpanLine {
  trace: string;
  span: string;
  parent?: string;
  name: string;
  service?: string;
}

export async function checkObservability(): Promise<void> {
  const metrics = await fetch(`http://127.0.0.1:${E2E_METRICS_PORT}/metrics`).then((r) => r.text());
  // The embedded app is every service in one process; deployed, each is an instance of its own,
  // so the cap holds per service (its series plus the process's own, which every instance has).
  const lines = metrics.split('\n').filter((l) => l && !l.startsWith('#'));
  const perService = new Map<string, number>();
  let shared = 0;
  for (const line of lines) {
    const service = /[{,]service="([^"]+)"/.exec(line)?.[1];
    if (service) perService.set(service, (perService.get(service) ?? 0) + 1);
    else shared++;
  }
  const [largest, most] = [...perService].sort((a, b) => b[1] - a[1])[0] ?? ['none', 0];
  const series = lines.length;
  if (most + shared >= MAX_SERIES)
    throw new Error(`${largest} would hold ${most + shared} series after the run (cap ${MAX_SERIES} an instance)`);
  if (!/^honne_http_requests_total\{/m.test(metrics)) throw new Error('the app served no request metrics');

  if (!existsSync(SPANS_FILE)) throw new Error(`no traces were received (${SPANS_FILE})`);
  const spans = readFileSync(SPANS_FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as SpanLine);
  const byTrace = new Map<string, SpanLine[]>();
  for (const s of spans) byTrace.set(s.trace, [...(byTrace.get(s.trace) ?? []), s]);
  const wanted: [string, (s: SpanLine) => boolean][] = [
    // The browser sends a message over HTTP or, while its socket is open, as a socket command.
    [
      "the gateway's request",
      (s) => s.service === 'gateway' && (s.name === 'request' || s.name === 'command message.send'),
    ],
    [
      "chat's request",
      (s) => s.service === 'chat' && (s.name === 'request' || s.name === 'answer chat.command.message.send'),
    ],
    ['a statement', (s) => s.name === 'INSERT'],
    ['the publish', (s) => s.name === 'publish realtime.event.delivered'],
    ['its handling', (s) => s.name === 'process realtime.event.delivered'],
    ["the receiver's socket write", (s) => s.name === 'socket write message.created'],
  ];
  const whole = [...byTrace.values()].filter((t) => wanted.every(([, has]) => t.some(has)));
  // A run of a few journeys may deliver no message to an open socket at all (nothing to follow);
  // the whole run (npm test) does, many times.
  const delivered = spans.some(wanted[5]![1]);
  if (delivered && whole.length === 0) {
    const best = [...byTrace.values()]
      .filter((t) => t.some(wanted[5]![1]))
      .map((t) => wanted.filter(([, has]) => !t.some(has)).map(([what]) => what));
    throw new Error(
      `no message send is one whole trace among ${byTrace.size} traces; ` +
        `traces with a message's socket write miss: ${JSON.stringify(best.slice(0, 3))}`,
    );
  }

  const logLines = existsSync(SERVER_LOG) ? readFileSync(SERVER_LOG, 'utf8').split('\n') : [];
  const traced = logLines.filter((l) => /"trace_id":"[0-9a-f]{32}","span_id":"[0-9a-f]{16}"/.test(l)).length;
  if (traced === 0) throw new Error('no log line carries a trace and span id');
  console.log(
    `[observability] ${series} metric series (most for one service: ${largest} ${most} + ${shared} shared); ` +
      `${spans.length} spans in ${byTrace.size} traces, ` +
      `${whole.length} whole message sends; ${traced} log lines with trace ids`,
  );
}
