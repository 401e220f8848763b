#!/usr/bin/env node
/**
 * A trace collector for the journeys (issue 29): the app under test exports its spans here over
 * OTLP/HTTP (JSON, what @opentelemetry/exporter-trace-otlp-http sends), and each span is kept as one
 * line of SPANS_FILE — trace, span, parent, name, service — for the global teardown to read
 * (support/observability.ts). `node otlp-sink.mjs <port> <file>`; GET /health answers once up.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, file] = process.argv.slice(2);
if (!port || !file) {
  console.error('usage: node otlp-sink.mjs <port> <spans file>');
  process.exit(2);
}
writeFileSync(file, '');

createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/health') return res.end('ok');
  if (req.method !== 'POST' || req.url !== '/v1/traces') {
    res.statusCode = 404;
    return res.end();
  }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const lines = [];
      for (const rs of body.resourceSpans ?? []) {
        for (const ss of rs.scopeSpans ?? []) {
          for (const s of ss.spans ?? []) {
            const service = s.attributes?.find((a) => a.key === 'honne.service')?.value?.stringValue;
            lines.push(
              JSON.stringify({
                trace: s.traceId,
                span: s.spanId,
                parent: s.parentSpanId || undefined,
                name: s.name,
                service,
              }),
            );
          }
        }
      }
      if (lines.length) appendFileSync(file, `${lines.join('\n')}\n`);
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    } catch {
      res.statusCode = 400;
      res.end();
    }
  });
}).listen(Number(port), '127.0.0.1');
