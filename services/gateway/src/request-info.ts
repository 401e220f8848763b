import type { EndpointDef } from '@honne/contracts';
import { allEndpoints } from '@honne/contracts/endpoints';
import type { Caller } from '@honne/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { EndpointIndex } from './endpoint-index.ts';
import { API_PREFIX } from './routes-table.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's contract: null until looked up, false when it has none. */
    honneEndpoint: EndpointDef | false | null;
    /** Who the bearer token says is calling, once the gateway has checked it. */
    honneCaller: Caller | null;
  }
}

const index = new EndpointIndex(allEndpoints);

export function decorateRequests(app: FastifyInstance): void {
  app.decorateRequest('honneEndpoint', null);
  app.decorateRequest('honneCaller', null);
}

/** The contract endpoint a request to /api/v1 is for, looked up once per request. */
export function endpointOf(request: FastifyRequest): EndpointDef | undefined {
  if (request.honneEndpoint === null) {
    const url = request.url;
    const q = url.indexOf('?');
    const path = (q === -1 ? url : url.slice(0, q)).slice(API_PREFIX.length) || '/';
    request.honneEndpoint = index.find(request.method, path) ?? false;
  }
  return request.honneEndpoint || undefined;
}
