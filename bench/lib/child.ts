import { fork, type ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/** A bench process of our own: tsx-loaded, gc exposed, talking to the driver over IPC. */
export interface Child {
  proc: ChildProcess;
  /** Sends a request and resolves with the reply of the same `type`. */
  ask<T>(type: string, payload?: Record<string, unknown>): Promise<T>;
  stop(): Promise<void>;
}

export async function startChild(
  script: string,
  env: Record<string, string | undefined> = {},
  nodeArgs: string[] = [],
): Promise<Child & { ready: Record<string, unknown> }> {
  const proc = fork(fileURLToPath(new URL(script, import.meta.url)), [], {
    execArgv: ['--import', 'tsx', '--expose-gc', ...nodeArgs],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waitFor = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (msg: { type: string }) => {
        if (msg.type !== type) return;
        proc.off('message', onMessage);
        proc.off('exit', onExit);
        resolve(msg as T);
      };
      const onExit = (code: number | null) => reject(new Error(`${script} exited with ${code} before '${type}'`));
      proc.on('message', onMessage);
      proc.once('exit', onExit);
    });
  const ready = await waitFor<Record<string, unknown>>('ready');
  return {
    proc,
    ready,
    ask: async <T>(type: string, payload: Record<string, unknown> = {}) => {
      const reply = waitFor<T>(type);
      proc.send({ type, ...payload });
      return reply;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 5000).unref();
      }),
  };
}

/** Inside a child: the process's memory after a full collection. */
export async function measuredMemory(): Promise<{ rss: number; heapUsed: number; external: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 4; i++) {
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rss, heapUsed, external };
}

export const reply = (msg: Record<string, unknown>) => process.send?.(msg);

/** Inside a child: answers the driver's memory and CPU questions. */
export function answerMeasurements(extra: () => Record<string, unknown> = () => ({})): void {
  process.on('message', (msg: { type: string }) => {
    if (msg.type === 'memory') void measuredMemory().then((m) => reply({ type: 'memory', ...m, ...extra() }));
    if (msg.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      reply({ type: 'cpu', micros: user + system });
    }
  });
}

/**
 * Inside a child: serves `server` on a free loopback port, tells the driver its URL, answers the
 * measurements and ends on SIGTERM once `close` (the child's own pools) is done.
 */
export function serveInChild(server: Server, close: () => Promise<unknown> = async () => undefined): void {
  server.listen(0, '127.0.0.1', () =>
    reply({ type: 'ready', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
  );
  answerMeasurements();
  process.once('SIGTERM', () => void close().finally(() => process.exit(0)));
}
