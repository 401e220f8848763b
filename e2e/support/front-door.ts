import http from 'node:http';
import net from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A front door to the app under test on a port of its own: it passes every request (and the
 * real-time socket) through to the app, and can be shut like a server that went away, so the
 * browser's connections are refused, not answered. `swSuffix` appends text to `/sw.js`, which is
 * what a new deploy of the shell looks like to the browser (a byte-different service worker).
 */
export class FrontDoor {
  swSuffix = '';
  private server: http.Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly upstreamPort: number) {}

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async open(): Promise<void> {
    const server = http.createServer((req, res) => {
      const isSw = req.url === '/sw.js';
      const headers = { ...req.headers, host: `localhost:${this.upstreamPort}` };
      // sw.js is rewritten, so it is asked for uncompressed (and without a validator: always a body).
      if (isSw) {
        headers['accept-encoding'] = 'identity';
        delete headers['if-none-match'];
        delete headers['if-modified-since'];
      }
      const upstream = http.request(
        { host: '127.0.0.1', port: this.upstreamPort, method: req.method, path: req.url, headers },
        (answer) => {
          if (!isSw || answer.statusCode !== 200) {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            return;
          }
          const chunks: Buffer[] = [];
          answer.on('data', (c: Buffer) => chunks.push(c));
          answer.on('end', () => {
            const body = Buffer.concat([Buffer.concat(chunks), Buffer.from(this.swSuffix)]);
            const { etag: _etag, 'content-length': _length, ...rest } = answer.headers;
            res.writeHead(200, { ...rest, 'content-length': body.length });
            res.end(body);
          });
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    server.on('upgrade', (req, socket, head) => {
      const upstream = net.connect(this.upstreamPort, '127.0.0.1', () => {
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        upstream.write(head);
        socket.pipe(upstream).pipe(socket);
      });
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening and cuts every open connection: from the browser, the server is gone. */
  async shut(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}
