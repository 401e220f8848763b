import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startCalls, type TestCalls } from './helpers.ts';

for (const mode of infraModes()) {
  describe(`GET /calls/config (${mode.name})`, () => {
    describe('peer-to-peer by default', () => {
      let calls: TestCalls;
      beforeAll(async () => {
        calls = await startCalls(mode);
      });
      afterAll(() => calls.close());

      it('answers p2p with no ICE servers and no LiveKit URL', async () => {
        const res = await calls.app.inject({ method: 'GET', url: '/calls/config', headers: calls.as('user-1') });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          data: { mode: 'p2p', ice_servers: [], livekit_url: null, ice_ttl_seconds: null },
          status: 200,
          error: null,
          last_doc_id: null,
        });
      });

      it('answers 401 without the identity the gateway vouches for', async () => {
        const res = await calls.app.inject({ method: 'GET', url: '/calls/config' });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ data: null, status: 401, code: 'unauthorized' });
      });

      it('answers 401 when the internal token is wrong', async () => {
        const headers = { ...calls.as('user-1'), 'x-internal-token': 'not-the-internal-token' };
        const res = await calls.app.inject({ method: 'GET', url: '/calls/config', headers });
        expect(res.statusCode).toBe(401);
      });

      it('is healthy', async () => {
        const res = await calls.app.inject({ method: 'GET', url: '/health' });
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toMatchObject({
          service: 'calls',
          status: 'ok',
          checks: { db: 'ok', bus: 'ok', cache: 'ok' },
        });
      });
    });

    describe('peer-to-peer with STUN/TURN configured', () => {
      const iceServers = [
        { urls: ['stun:127.0.0.1:3478'] },
        { urls: ['turn:127.0.0.1:3478?transport=udp'], username: 'honne', credential: 'pw' },
      ];
      let calls: TestCalls;
      beforeAll(async () => {
        calls = await startCalls(mode, { iceServers });
      });
      afterAll(() => calls.close());

      it('hands the configured ICE servers to the client', async () => {
        const res = await calls.app.inject({ method: 'GET', url: '/calls/config', headers: calls.as('user-1') });
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toEqual({
          mode: 'p2p',
          ice_servers: iceServers,
          livekit_url: null,
          ice_ttl_seconds: null,
        });
      });
    });

    describe('LiveKit configured', () => {
      let calls: TestCalls;
      beforeAll(async () => {
        calls = await startCalls(mode, {
          iceServers: [{ urls: 'stun:127.0.0.1:3478' }],
          livekit: {
            url: 'http://127.0.0.1:7880',
            publicUrl: 'wss://rtc.example.test',
            apiKey: 'key',
            apiSecret: 'x'.repeat(32),
          },
        });
      });
      afterAll(() => calls.close());

      it('answers livekit with the public URL and leaves ICE to LiveKit', async () => {
        const res = await calls.app.inject({ method: 'GET', url: '/calls/config', headers: calls.as('user-1') });
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toEqual({
          mode: 'livekit',
          ice_servers: [],
          livekit_url: 'wss://rtc.example.test',
          ice_ttl_seconds: null,
        });
      });
    });
  });
}
