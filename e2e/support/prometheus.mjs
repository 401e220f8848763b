// Prometheus for the journeys (issue 29): it scrapes the embedded app's metrics port with the stack's
// own SLO rules, so the console's system page reads a real Prometheus as it does in compose.
// Usage: node support/prometheus.mjs <listen port> <metrics port> <data dir>
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [port, metricsPort, dataDir] = process.argv.slice(2);
const rules = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'infra',
  'prometheus',
  'slo-rules.yml',
);
const dir = path.join(dataDir, 'prometheus');
mkdirSync(dir, { recursive: true });
writeFileSync(
  path.join(dir, 'prometheus.yml'),
  [
    'global: { scrape_interval: 2s, evaluation_interval: 2s }',
    `rule_files: ['${rules}']`,
    'scrape_configs:',
    `  - { job_name: honne, static_configs: [{ targets: ['127.0.0.1:${metricsPort}'] }] }`,
  ].join('\n'),
);
const child = spawn(
  process.env.PROMETHEUS_BIN ?? 'prometheus',
  [
    `--config.file=${path.join(dir, 'prometheus.yml')}`,
    `--storage.tsdb.path=${path.join(dir, 'data')}`,
    `--web.listen-address=127.0.0.1:${port}`,
    '--log.level=warn',
  ],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
