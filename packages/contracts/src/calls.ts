import { Type, type Static } from '@sinclair/typebox';

import { Envelope, ErrorEnvelope, Nullable, endpoint } from './common.ts';

export const IceServer = Type.Object({
  urls: Type.Union([Type.String(), Type.Array(Type.String())]),
  username: Type.Optional(Type.String()),
  credential: Type.Optional(Type.String()),
});

/** What a client needs before it can place or take a call. */
export const CallConfig = Type.Object({
  mode: Type.Union([Type.Literal('p2p'), Type.Literal('livekit')]),
  ice_servers: Type.Array(IceServer),
  livekit_url: Nullable(Type.String()),
});
export type CallConfig = Static<typeof CallConfig>;

export const callsEndpoints = {
  config: endpoint({
    method: 'GET',
    url: '/calls/config',
    service: 'calls',
    summary: 'ICE servers for peer-to-peer calls, or the LiveKit URL when an SFU is configured',
    auth: 'user',
    schema: { response: { 200: Envelope(CallConfig), 401: ErrorEnvelope } },
  }),
} as const;
