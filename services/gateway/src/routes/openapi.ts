import { allEndpoints } from '@honne/contracts/endpoints';
import type { FastifyInstance } from 'fastify';

import { buildOpenApi } from '../openapi.ts';
import { API_PREFIX } from '../routes-table.ts';

export function openApiRoutes(app: FastifyInstance): void {
  // Built once: the contracts cannot change while the process runs.
  const body = JSON.stringify(buildOpenApi(allEndpoints));
  app.get(`${API_PREFIX}/openapi.json`, (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(body),
  );
}
