import { infraModes, requireOrSkip, uniqueName } from '@honne/service-kit/testing';
import { TokenVerifier } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadConfig } from '../src/config.ts';
import { LiveKit, PARTICIPANT_TOKEN_TTL_SECONDS } from '../src/livekit/livekit.ts';
import { startCalls, type TestCalls } from './helpers.ts';

const LIVEKIT_VARS = ['LIVEKIT_URL', 'LIVEKIT_API_KEY', 'LIVEKIT_API_SECRET'] as const;
const missing = LIVEKIT_VARS.filter((v) => !process.env[v]);
const configured = requireOrSkip(`LiveKit (${missing.join(', ')})`, missing.length === 0);

/** The server's own check of a join token, as a browser's connect would run it. */
async function serverAccepts(url: string, token: string): Promise<number> {
  const base = url.replace(/^ws/, 'http').replace(/\/$/, '');
  const res = await fetch(`${base}/rtc/validate?access_token=${encodeURIComponent(token)}`);
  await res.arrayBuffer();
  return res.status;
}

for (const mode of infraModes()) {
  describe.runIf(configured)(`LiveKit rooms and tokens on the real livekit-server (${mode.name})`, () => {
    // The settings come through the service's own config reader, as in production.
    const { livekit: settings } = configured
      ? loadConfig({
          NODE_ENV: 'test',
          JWT_SECRET: 's'.repeat(32),
          INTERNAL_TOKEN: 't'.repeat(16),
          ...pick(process.env, LIVEKIT_VARS),
        })
      : { livekit: undefined };
    let calls: TestCalls;
    let livekit: LiveKit;
    const room = uniqueName('call');

    beforeAll(async () => {
      calls = await startCalls(mode, { livekit: settings });
      livekit = calls.ctx.livekit!;
    });
    afterAll(async () => {
      await livekit?.deleteRoom(room);
      await calls?.close();
    });

    it('answers the LiveKit URL as the call configuration', async () => {
      const res = await calls.app.inject({ method: 'GET', url: '/calls/config', headers: calls.as('user-1') });
      expect(res.json().data).toEqual({
        mode: 'livekit',
        ice_servers: [],
        livekit_url: settings!.publicUrl,
        ice_ttl_seconds: null,
      });
    });

    it('creates a room, lists it, admits a token it minted, and deletes the room', async () => {
      const created = await livekit.createRoom(room);
      expect(created.name).toBe(room);

      const listed = await livekit.listRooms([room]);
      expect(listed.map((r) => r.name)).toEqual([room]);
      expect(listed[0]!.participants).toBe(0);
      expect((await livekit.listRooms()).map((r) => r.name)).toContain(room);

      const token = await livekit.mintParticipantToken({ room, identity: 'user-1', name: 'ゆうき' });
      const claims = await new TokenVerifier(settings!.apiKey, settings!.apiSecret).verify(token);
      expect(claims.sub).toBe('user-1');
      expect(claims.name).toBe('ゆうき');
      expect(claims.video).toMatchObject({ room, roomJoin: true, canPublish: true, canSubscribe: true });
      expect(claims.video?.roomAdmin).toBeFalsy();
      expect(claims.video?.roomCreate).toBeFalsy();
      expect(claims.video?.roomList).toBeFalsy();
      expect(claims.exp! - claims.nbf!).toBeLessThanOrEqual(PARTICIPANT_TOKEN_TTL_SECONDS);

      // The real server admits the token the service minted, and refuses one signed with another secret.
      expect(await serverAccepts(settings!.url, token)).toBe(200);
      const forged = await new LiveKit({ ...settings!, apiSecret: 'f'.repeat(48) }).mintParticipantToken({
        room,
        identity: 'user-1',
      });
      expect(await serverAccepts(settings!.url, forged)).toBe(401);

      await livekit.deleteRoom(room);
      expect(await livekit.listRooms([room])).toEqual([]);
      // Deleting twice is not an error: a call may be ended by both sides at once.
      await livekit.deleteRoom(room);
    });
  });
}

function pick(env: NodeJS.ProcessEnv, keys: readonly string[]): Record<string, string | undefined> {
  return Object.fromEntries(keys.map((k) => [k, env[k]]));
}
