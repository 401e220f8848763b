import { Type, type Static } from '@sinclair/typebox';

import { Envelope, ErrorEnvelope, endpoint } from './common.ts';

export const Balance = Type.Object({ user_id: Type.String(), balance: Type.Integer() });
export type Balance = Static<typeof Balance>;

export const pointsEndpoints = {
  balance: endpoint({
    method: 'GET',
    url: '/points/balance',
    service: 'points',
    summary: "The signed-in user's points balance",
    auth: 'user',
    schema: { response: { 200: Envelope(Balance), 401: ErrorEnvelope } },
  }),
} as const;
