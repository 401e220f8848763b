import type { FastifyInstance } from 'fastify';

import type { Logger } from './logger.ts';

/** Listens, and closes cleanly on SIGTERM/SIGINT: in-flight requests finish, then `close` runs. */
export async function listenAndHandleSignals(
  app: FastifyInstance,
  host: string,
  port: number,
  log: Logger,
  close: () => Promise<void>,
): Promise<void> {
  await app.listen({ host, port });
  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
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
