import type { Server } from 'node:http';
import { Readable } from 'node:stream';

import { messages } from '@honne/contracts';
import { errorEnvelope, MAX_BODY_BYTES, SHUTDOWN_GRACE_MS } from '@honne/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';

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

/** Refuses connections beyond the cap per remote address, before any byte of them is read. */
export function capConnectionsPerClient(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const key = socket.remoteAddress ?? '';
    const count = (open.get(key) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    });
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
