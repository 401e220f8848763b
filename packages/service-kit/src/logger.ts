import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

import { traceIds } from './tracing.ts';

export type { Logger };

/** Query parameters that carry secrets (the real-time socket's access token) never reach a log line. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|access_token)=)[^&#]*/gi, '$1[REDACTED]');
}

/** `destination` defaults to stdout; tests pass a stream to read what would be logged. */
export function createLogger(service: string, level: string, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    name: service,
    level,
    // Tracing on: every line names its trace and span, so a log search starts from a trace and back.
    // (pino merges into what the mixin returns, so it is a fresh object each line.)
    mixin: () => traceIds() ?? {},
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-internal-token"]',
        'req.headers.cookie',
        '*.password',
        '*.access_token',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req: (req: { method: string; url: string; id?: string; ip?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
