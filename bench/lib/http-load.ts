// The two HTTP load shapes the gateway bench measures with.
import autocannon from 'autocannon';
import { Pool } from 'undici';

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** Closed-loop load: as fast as the connections go. */
export async function load(
  url: string,
  headers: Record<string, string>,
  connections: number,
  durationS: number,
): Promise<Figures> {
  const result = await autocannon({ url, headers, connections, duration: durationS });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * Open-loop load at a steady rate: each request has a scheduled start, and its latency is counted
 * from then, so a slow response delays nothing and hides nothing (no coordinated omission).
 * autocannon's own rate limit sends each second's budget in a burst, which measures the burst.
 */
export async function paced(
  url: string,
  headers: Record<string, string>,
  rate: number,
  durationS: number,
): Promise<Figures> {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections: 64, pipelining: 1 });
  const total = Math.round(rate * durationS);
  const intervalMs = 1000 / rate;
  const latencies = new Float64Array(total);
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  let done = 0;
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - start) / intervalMs) + 1);
      while (sent < due) {
        const i = sent++;
        const scheduled = start + i * intervalMs;
        pool
          .request({ path: target.pathname + target.search, method: 'GET', headers })
          .then(
            async (res) => {
              await res.body.dump();
              if (res.statusCode !== 200) non2xx++;
            },
            () => void errors++,
          )
          .finally(() => {
            latencies[i] = performance.now() - scheduled;
            if (++done === total) resolve();
          });
      }
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
  const elapsed = (performance.now() - start) / 1000;
  await pool.close();
  latencies.sort();
  const at = (q: number) => Math.round(latencies[Math.min(total - 1, Math.floor(q * total))]! * 100) / 100;
  return { rps: total / elapsed, p50: at(0.5), p99: at(0.99), non2xx, errors };
}
