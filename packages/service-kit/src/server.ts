import type { FastifyInstance } from 'fastify';

import type { Logger } from './logger.ts';

/** How long in-flight requests get to finish once shutdown begins, unless a service says otherwise. */
export const SHUTDOWN_GRACE_MS = 5_000;

/**
 * Closes the server, giving in-flight requests `graceMs` to finish; then every connection still
 * open is cut. A client that stalls halfway through a request cannot hold a shutdown open (one
 * kept a process alive 30 s after SIGTERM).
 */
export async function closeWithin(app: FastifyInstance, graceMs: number = SHUTDOWN_GRACE_MS): Promise<void> {
  const timer = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Listens, and closes cleanly on SIGTERM/SIGINT: in-flight requests finish, then `close` runs.
 * Should `close` itself hang, the process still ends once `graceMs` has passed twice over.
 */
export async function listenAndHandleSignals(
  app: FastifyInstance,
  host: string,
  port: number,
  log: Logger,
  close: () => Promise<void>,
  graceMs: number = SHUTDOWN_GRACE_MS,
): Promise<void> {
  await app.listen({ host, port });
  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    setTimeout(() => {
      log.error({ graceMs }, 'shutdown overran its deadline; exiting');
      process.exit(1);
    }, 2 * graceMs).unref();
    close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
