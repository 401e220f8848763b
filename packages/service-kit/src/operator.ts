import { timingSafeEqual } from 'node:crypto';

import { messages } from '@honne/contracts';

import type { FastifyRequest } from 'fastify';

import { AppError } from './errors.ts';

/**
 * The operator API's check (points' grants, accounts' ranks): `Authorization: Bearer $OPERATOR_TOKEN`. With no token configured
 * every call is refused, so a deployment that forgot it is closed, not open.
 */
export function assertOperator(request: FastifyRequest, operatorToken: string | undefined): string {
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice(7) : '';
  if (!operatorToken || !given || !sameSecret(given, operatorToken)) {
    throw new AppError(401, 'operator_only', messages.operatorOnly);
  }
  return 'operator-api';
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
