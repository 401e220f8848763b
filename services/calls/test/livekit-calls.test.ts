import { createHash } from 'node:crypto';

import { CALL_TIMERS, type CallView, type LiveKitToken } from '@honne/contracts/calls';
import { infraModes, requireOrSkip } from '@honne/service-kit/testing';
import { AccessToken, TokenVerifier } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { LiveKitConfig } from '../src/livekit/livekit.ts';
import { startHarness } from './harness.ts';

// Calls over the real livekit-server: the room is created there, tokens are audio-only, bound to
// the call and name nobody, and the server admits them. LiveKit's webhooks are signed here exactly
// as livekit-server signs them (a JWT carrying the body's SHA-256), since the shared test server
// does not post to this suite's port; the service's verification of them is the real one.

const VARS = ['LIVEKIT_URL', 'LIVEKIT_API_KEY', 'LIVEKIT_API_SECRET'] as const;
const configured = requireOrSkip(
  'LiveKit (LIVEKIT_*)',
  VARS.every((v) => process.env[v]),
);

async function serverAccepts(url: string, token: string): Promise<number> {
  const res = await fetch(`${url.replace(/^ws/, 'http')}/rtc/validate?access_token=${encodeURIComponent(token)}`);
  await res.arrayBuffer();
  return res.status;
}

for (const mode of infraModes()) {
  describe.runIf(configured)(`calls over LiveKit (${mode.name})`, () => {
    // Read even when skipped (vitest collects the block), so nothing here may assume the variables.
    const url = process.env.LIVEKIT_URL ?? '';
    const settings: LiveKitConfig = {
      url,
      publicUrl: url.replace(/^http/, 'ws'),
      apiKey: process.env.LIVEKIT_API_KEY ?? '',
      apiSecret: process.env.LIVEKIT_API_SECRET ?? '',
    };
    let h: Awaited<ReturnType<typeof startHarness>>;
    beforeAll(async () => {
      h = await startHarness(mode, { livekit: settings });
    });
    afterAll(async () => {
      await h?.close();
    });

    async function webhook(body: object, secret = settings.apiSecret) {
      const raw = JSON.stringify(body);
      const at = new AccessToken(settings.apiKey, secret);
      at.sha256 = createHash('sha256').update(raw).digest('base64');
      return h.calls.app.inject({
        method: 'POST',
        url: '/calls/livekit/webhook',
        headers: { 'content-type': 'application/webhook+json', authorization: await at.toJwt() },
        payload: raw,
      });
    }
    const published = (room: string, identity: string) => ({
      event: 'track_published',
      id: crypto.randomUUID(),
      createdAt: Math.floor(Date.now() / 1000),
      room: { name: room },
      participant: { identity },
      track: { sid: 'TR_x', type: 'AUDIO', source: 'MICROPHONE' },
    });

    it('an anonymous call: a LiveKit room per call, audio-only tokens with no identity, connected by webhooks', async () => {
      const [a, b] = [await h.user('あきら'), await h.user('ひかり')];
      const topic = h.voice(b, { is_anonymous: true });
      const room = await h.room(a, { topic_id: topic, room_type_id: 4, is_anonymous: true });
      const call = (await h.calls$('POST', `/rooms/${room}/calling`, a, {})).json().data as CallView;
      expect(call.transport).toBe('livekit');
      const lkRoom = `call-${call.id}`;
      expect((await h.calls.ctx.livekit!.listRooms([lkRoom])).map((r) => r.name)).toEqual([lkRoom]);

      // The callee may not join before answering; the caller may while it rings.
      expect((await h.calls$('POST', `/calls/${call.id}/token`, b)).statusCode).toBe(409);
      const tokens: LiveKitToken[] = [(await h.calls$('POST', `/calls/${call.id}/token`, a)).json().data];
      await h.calls$('POST', `/rooms/${room}/callanswer`, b, { action: 'answer' });
      tokens.push((await h.calls$('POST', `/calls/${call.id}/token`, b)).json().data);

      for (const [i, t] of tokens.entries()) {
        expect(t).toMatchObject({ serverUrl: settings.publicUrl, roomName: lkRoom });
        const claims = await new TokenVerifier(settings.apiKey, settings.apiSecret).verify(t.participantToken);
        expect(claims.sub).toBe(i === 0 ? 'caller' : 'callee');
        expect(claims.name ?? '').toBe('');
        expect(JSON.parse(claims.metadata!)).toEqual({ call_id: call.id, role: claims.sub });
        expect(claims.video).toMatchObject({ room: lkRoom, roomJoin: true, canPublishSources: ['microphone'] });
        const decoded = JSON.stringify(claims);
        for (const secret of [a.userId, b.userId, a.name, b.name]) expect(decoded).not.toContain(secret);
        expect(await serverAccepts(settings.url, t.participantToken)).toBe(200);
      }

      // Forged or unsigned webhooks change nothing.
      expect((await webhook(published(lkRoom, 'caller'), 'x'.repeat(40))).statusCode).toBe(401);
      expect(
        (
          await h.calls.app.inject({
            method: 'POST',
            url: '/calls/livekit/webhook',
            headers: { 'content-type': 'application/webhook+json' },
            payload: JSON.stringify(published(lkRoom, 'callee')),
          })
        ).statusCode,
      ).toBe(401);

      expect((await webhook(published(lkRoom, 'caller'))).statusCode).toBe(200);
      expect((await h.calls$('GET', '/calls/current', a)).json().data.state).toBe('connecting');
      await webhook(published(lkRoom, 'callee'));
      await h.stateOf(a, 'connected');
      await h.stateOf(b, 'connected');

      h.clock.advance(7000);
      await webhook({
        event: 'participant_left',
        id: crypto.randomUUID(),
        room: { name: lkRoom },
        participant: { identity: 'callee' },
      });
      // Not cut at once: the callee may be reloading and has 15 s to publish again.
      expect(await h.runTimers()).toBe(0);
      expect((await h.calls$('GET', '/calls/current', a)).json().data.state).toBe('connected');
      h.clock.advance(CALL_TIMERS.rejoinMs);
      await h.runTimers();
      const dropped = await h.stateOf(a, 'disconnect');
      expect(dropped).toMatchObject({ end_cause: 'disconnect', disconnect_code: 22, duration_seconds: 22 });
      await h.stateOf(b, 'disconnect');
      // The room is closed with the call.
      expect(await h.calls.ctx.livekit!.listRooms([lkRoom])).toEqual([]);

      for (const [who, partner] of [
        [a, b],
        [b, a],
      ] as const) {
        const seen = JSON.stringify(h.eventsOf(who).filter((e) => e.type.startsWith('call.')));
        for (const secret of [partner.userId, partner.name]) expect(seen).not.toContain(secret);
      }
    });
  });
}
