import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';

import proxyaddr from '@fastify/proxy-addr';

import { messages } from '@honne/contracts';
import { errorEnvelope, MAX_BODY_BYTES, SHUTDOWN_GRACE_MS } from '@honne/service-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * What one client may hold of the gateway. Without these, ~130 connections that sent a few bytes
 * of a body and stopped held every connection of the pool to accounts, and accounts timed out for
 * everyone (issue 11).
 */
export interface GatewayLimits {
  /** A request's headers must arrive within this. */
  headersTimeoutMs: number;
  /** A request's body must arrive within this once its headers have (answered 408). */
  bodyTimeoutMs: number;
  /** A connection with no request under way is closed after this. */
  idleTimeoutMs: number;
  /** Open connections from one address; more are refused at once. 0: no cap. */
  maxConnectionsPerClient: number;
  /** The largest request body (answered 413); no larger than the services take, or they cut the upload. */
  maxBodyBytes: number;
  /** Real-time sockets one user may hold; the oldest is closed when another opens. */
  maxSocketsPerUser: number;
  /** On shutdown, in-flight requests get this long before their connections are cut. */
  shutdownGraceMs: number;
}

export const GATEWAY_LIMIT_DEFAULTS: GatewayLimits = {
  headersTimeoutMs: 10_000,
  bodyTimeoutMs: 20_000,
  idleTimeoutMs: 30_000,
  maxConnectionsPerClient: 64,
  maxBodyBytes: MAX_BODY_BYTES,
  maxSocketsPerUser: 8,
  shutdownGraceMs: SHUTDOWN_GRACE_MS,
};

/** Whether an address is one of the trusted proxy hops (`GATEWAY_TRUSTED_PROXIES`). */
export type TrustFn = (address: string, hop: number) => boolean;

/** Trusts no hop: forwarded headers are ignored and the TCP peer is the client. */
export const trustNone: TrustFn = () => false;

/**
 * The trusted hops of `GATEWAY_TRUSTED_PROXIES`, compiled once by proxy-addr (Fastify's own
 * `trustProxy` uses the same). Throws on an entry that is no address, CIDR or named range.
 */
export function trustedProxies(list: readonly string[]): TrustFn {
  return list.length === 0 ? trustNone : proxyaddr.compile([...list]);
}

const tooManyConnections = () => errorEnvelope(429, 'rate_limited', messages.rateLimited);

/**
 * Caps the connections one client holds open: `max` per client address, more refused at once.
 *
 * A direct client is its TCP peer, counted when the connection opens, before any byte is read.
 * A trusted proxy carries many clients on its connections, so those are not counted as the
 * proxy's: each request (and each upgraded socket) through it counts against the client the
 * forwarded headers name, until it ends, and one over the cap is answered 429 and closed.
 */
export function capConnectionsPerClient(app: FastifyInstance, max: number, trust: TrustFn): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  const release = (key: string) => {
    const left = (open.get(key) ?? 1) - 1;
    if (left <= 0) open.delete(key);
    else open.set(key, left);
  };
  app.server.on('connection', (socket: Socket) => {
    const key = socket.remoteAddress ?? '';
    if (trust(key, 0)) return;
    const count = (open.get(key) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(key, count);
    socket.once('close', () => release(key));
  });
  if (trust === trustNone) return;
  app.addHook('onRequest', (request, reply, done) => {
    const peer = request.raw.socket?.remoteAddress ?? '';
    if (!trust(peer, 0)) return done();
    const key = request.ip;
    const count = (open.get(key) ?? 0) + 1;
    if (count > max) {
      void reply.status(429).header('connection', 'close').send(tooManyConnections());
      return;
    }
    open.set(key, count);
    // An upgraded socket holds its connection until it closes; a request, until it is answered.
    if (isUpgrade(request.raw)) request.raw.socket.once('close', () => release(key));
    else reply.raw.once('close', () => release(key));
    done();
  });
}

const kUpgraded = Symbol('honne.upgraded');

/** Node marks a request it emitted as 'upgrade' (not in its types). */
const isUpgrade = (req: IncomingMessage) => (req as IncomingMessage & { upgrade?: boolean }).upgrade === true;

/** The realtime route took this upgrade: it is a WebSocket now, no longer pending. */
export function markUpgraded(request: FastifyRequest): void {
  (request.raw as IncomingMessage & { [kUpgraded]?: true })[kUpgraded] = true;
}

/**
 * Every `Upgrade: websocket` request the gateway does not accept is answered and its socket closed.
 * The websocket plugin routes upgrades through Fastify with a response written to the bare TCP
 * socket, which nothing closes once answered (404 on any other path, 401, a 429 from the rate
 * limit): 64 such requests held an address's every connection until the gateway restarted. So an
 * answered upgrade ends its connection, and one neither accepted nor answered within `timeoutMs`
 * is dropped; until then it counts against its client's connections like any other.
 */
export function closeRefusedUpgrades(app: FastifyInstance, timeoutMs: number): void {
  app.server.on('upgrade', (req: IncomingMessage & { [kUpgraded]?: true }, socket: Socket) => {
    const timer = setTimeout(() => {
      if (!req[kUpgraded]) socket.destroy();
    }, timeoutMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (isUpgrade(request.raw)) void reply.header('connection', 'close');
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    // Answered, so not upgraded: flush the answer and close (destroyed if the client does not read it).
    if (isUpgrade(request.raw) && !(request.raw as { [kUpgraded]?: true })[kUpgraded]) {
      const socket = request.raw.socket;
      socket.end();
      setTimeout(() => socket.destroy(), 1_000).unref();
    }
    done();
  });
}

const tooLarge = () => errorEnvelope(413, 'payload_too_large', messages.payloadTooLarge);

/**
 * `Expect: 100-continue` (curl sends it with bodies over 1 MB): a body that says it is too large
 * gets 413 before it is sent; any other gets "100 Continue" and goes on as a normal request.
 */
export function answerExpectContinue(server: Server, maxBodyBytes: number): void {
  server.on('checkContinue', (req, res) => {
    if (Number(req.headers['content-length'] ?? 0) > maxBodyBytes) {
      res.writeHead(413, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
      res.end(JSON.stringify(tooLarge()));
      return;
    }
    res.writeContinue();
    server.emit('request', req, res);
  });
}

/**
 * Reads a proxied request's whole body at the gateway before any upstream connection is taken,
 * so a client that sends slowly (or stops) holds only its own socket, never one of the pool's.
 * Over the size: 413; not all there in time: 408. The proxy then sends the bytes as they came,
 * with their length.
 */
export function bufferBody(limits: Pick<GatewayLimits, 'maxBodyBytes' | 'bodyTimeoutMs'>) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const body = request.body;
    // Nothing to read when an earlier hook already answered (401 without a token).
    if (reply.sent || !(body instanceof Readable)) return;
    if (Number(request.headers['content-length'] ?? 0) > limits.maxBodyBytes) {
      await reply.status(413).header('connection', 'close').send(tooLarge());
      return;
    }
    const read = await readAll(body, limits);
    if (read === 'too_large') await reply.status(413).header('connection', 'close').send(tooLarge());
    else if (read === 'aborted') await reply.status(400).send(errorEnvelope(400, 'aborted', messages.invalidInput));
    else if (read === 'timeout')
      await reply
        .status(408)
        .header('connection', 'close')
        .send(errorEnvelope(408, 'request_timeout', messages.requestTimeout));
    else {
      // As a stream again: the proxy would re-encode a Buffer under `application/json` as JSON.
      request.body = Readable.from([read]);
      request.headers['content-length'] = String(read.length);
      delete request.headers['transfer-encoding'];
    }
  };
}

function readAll(
  stream: Readable,
  { maxBodyBytes, bodyTimeoutMs }: Pick<GatewayLimits, 'maxBodyBytes' | 'bodyTimeoutMs'>,
): Promise<Buffer | 'too_large' | 'timeout' | 'aborted'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: Buffer | 'too_large' | 'timeout' | 'aborted') => {
      clearTimeout(timer);
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
      if (typeof result === 'string') stream.resume();
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) finish('too_large');
      else chunks.push(chunk);
    };
    const onEnd = () => finish(Buffer.concat(chunks, size));
    const onError = () => finish('aborted');
    const onClose = () => finish('aborted');
    const timer = setTimeout(() => finish('timeout'), bodyTimeoutMs);
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
    stream.once('close', onClose);
  });
}
