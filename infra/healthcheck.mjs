// Container health check: exits 0 when GET <url> answers 2xx within 4 s (node:20-slim has no curl).
//   node /app/infra/healthcheck.mjs http://127.0.0.1:8081/health
const url = process.argv[2];
try {
  const res = await fetch(url, { signal: AbortSignal.timeout(4000) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
