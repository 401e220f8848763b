import { pino, type Logger } from 'pino';

export type { Logger };

/** Query parameters that carry secrets (the real-time socket's access token) never reach a log line. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|access_token)=)[^&#]*/gi, '$1[REDACTED]');
}

export function createLogger(service: string, level: string): Logger {
  return pino({
    name: service,
    level,
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
  });
}
