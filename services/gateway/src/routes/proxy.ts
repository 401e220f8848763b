import type { IncomingHttpHeaders } from 'node:http';

import httpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import { messages } from '@honne/contracts';
import { errorEnvelope, IDENTITY_HEADERS } from '@honne/service-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { bearerToken } from '../auth/token-verifier.ts';
import { limitsOf } from '../config.ts';
import type { AppContext } from '../context.ts';
import { bufferBody } from '../limits.ts';
import { endpointOf } from '../request-info.ts';
import { API_PREFIX, routeEntries } from '../routes-table.ts';

type ReplyHooks = Required<NonNullable<FastifyHttpProxyOptions['replyOptions']>>;

/** An upstream that has not answered its headers by then is reported, never waited on forever. */
const UPSTREAM_TIMEOUT_MS = 30_000;

/**
 * `/api/v1/<prefix>…` → the owning service's `<prefix>…`, one @fastify/http-proxy per entry of the
 * routes table. The caller is authenticated here, once; services trust the identity headers the
 * gateway sets (with the internal token) and nothing a client sends under those names.
 */
/**
 * This hop's own headers, never the next one's. `expect` most of all: the client's
 * `100-continue` was answered here, and undici refuses a request that carries it (every upload
 * over 1 MB from curl was a 503). The body is sent whole, so its framing is the proxy's to set.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
]);

export async function proxyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { internalToken } = ctx.config;
  const readBody = bufferBody(limitsOf(ctx.config));

  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const endpoint = endpointOf(request);
    // The moderation console's session tokens and API keys ('console') are no user tokens: safety
    // checks them (see forwardHeaders).
    if (endpoint?.auth === 'console') return;
    const token = bearerToken(request.headers.authorization);
    const caller = token ? await ctx.tokens.verify(token) : undefined;
    if (caller?.scope === 'notices' && !endpoint?.whileRestricted) {
      await reply.status(403).send(errorEnvelope(403, 'account_restricted', messages.accountRestricted));
      return;
    }
    if (caller) {
      request.honneCaller = caller;
      return;
    }
    // Public endpoints take no token (a bad one is ignored); everything else, listed or not, needs one.
    if (endpoint?.auth === 'public') return;
    await reply.status(401).send(errorEnvelope(401, 'unauthorized', messages.sessionExpired));
  }

  const forwardHeaders: ReplyHooks['rewriteRequestHeaders'] = (request, headers) => {
    const out: IncomingHttpHeaders = {};
    const auth = endpointOf(request as FastifyRequest)?.auth;
    const operator = auth === 'console';
    for (const name in headers) {
      // Identity is the gateway's to state; a user's bearer token stops here. An operator endpoint
      // takes the operator's token, and a public endpoint's Authorization is not ours (LiveKit signs
      // its webhooks with it): those pass through.
      if (name.startsWith('x-honne-') || name === IDENTITY_HEADERS.internalToken) continue;
      if (
        name === 'authorization' &&
        !operator &&
        (request.honneCaller || endpointOf(request as FastifyRequest)?.auth !== 'public')
      )
        continue;
      if (HOP_BY_HOP.has(name)) continue;
      out[name] = headers[name] as string | string[] | undefined;
    }
    out['x-forwarded-for'] = request.ip;
    const caller = request.honneCaller;
    if (caller) {
      out[IDENTITY_HEADERS.userId] = caller.userId;
      out[IDENTITY_HEADERS.sessionId] = caller.sessionId;
      out[IDENTITY_HEADERS.internalToken] = internalToken;
    }
    return out;
  };

  const onError: ReplyHooks['onError'] = (reply, { error }) => {
    const status = (error as { statusCode?: number }).statusCode === 504 ? 504 : 503;
    reply.request.log.warn({ err: error, upstream: reply.request.routeOptions.url }, 'upstream unavailable');
    void reply.status(status).send(errorEnvelope(status, 'upstream_unavailable', messages.unexpected));
  };

  for (const { prefix, service } of routeEntries()) {
    await app.register(httpProxy, {
      upstream: ctx.config.upstreams[service],
      prefix: `${API_PREFIX}${prefix}`,
      rewritePrefix: prefix,
      // Who first, then the whole body, and only then an upstream connection.
      preHandler: async (request, reply) => {
        await authenticate(request, reply);
        await readBody(request, reply);
      },
      disableRequestLogging: true,
      undici: { connections: 128, pipelining: 1, keepAliveTimeout: 30_000, headersTimeout: UPSTREAM_TIMEOUT_MS },
      replyOptions: {
        rewriteRequestHeaders: forwardHeaders,
        onError,
        // A proxy that retries on its own doubles the load on a service that is already failing.
        retryDelay: () => null,
      },
    });
  }
}
