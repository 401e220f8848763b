// CPU time of a local PostgreSQL server: its postmaster, every live child (backends, writers,
// autovacuum) and the children that already ended (the kernel adds those to the postmaster's
// cutime/cstime). Read from /proc, so only for a server on this machine; undefined elsewhere.
import { readdirSync, readFileSync } from 'node:fs';

import pg from 'pg';

const TICK_US = 1_000_000 / 100; // USER_HZ is 100 on Linux

/** Fields of /proc/<pid>/stat after the command name, which may hold spaces. */
function statOf(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}
// After the name: [0] state, [1] ppid, … [11] utime, [12] stime, [13] cutime, [14] cstime.
const ticks = (f: string[], withChildren: boolean) =>
  Number(f[11]) + Number(f[12]) + (withChildren ? Number(f[13]) + Number(f[14]) : 0);

/** A reader of the server's CPU µs so far, or undefined when the server is not a process here. */
export async function postgresCpu(databaseUrl: string): Promise<(() => number) | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let postmaster: number;
  try {
    const backend = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    // Read while the connection is open: its backend process ends with it.
    postmaster = Number(statOf(backend)?.[1] ?? NaN);
  } finally {
    await client.end();
  }
  if (!Number.isInteger(postmaster) || !statOf(postmaster)) return undefined;
  return () => {
    let total = ticks(statOf(postmaster)!, true);
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const f = statOf(Number(entry));
      if (f && Number(f[1]) === postmaster) total += ticks(f, false);
    }
    return total * TICK_US;
  };
}
