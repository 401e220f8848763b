import { events } from '@honne/contracts/events';
import { publishToChannel } from '@honne/service-kit';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { Harness, TestSocket, type StartedGateway } from './helpers.ts';

describe.each(infraModes())('gateway channels and presence ($name)', (mode) => {
  let h: Harness;
  let gw: StartedGateway;
  const presence: { user_id: string; online: boolean }[] = [];

  beforeAll(async () => {
    h = await Harness.start(mode);
    gw = await h.gateway();
    h.infra.bus.subscribe(events.presenceChanged, (e) => void presence.push(e));
  });
  afterAll(() => h?.close());

  /** A socket past its hello whose earlier frames the server has handled (a pong answers last). */
  async function open(token: string, frames: unknown[] = []): Promise<TestSocket> {
    const socket = await TestSocket.open(`${gw.wsUrl}/api/v1/realtime?token=${encodeURIComponent(token)}`);
    await socket.next();
    for (const f of frames) socket.send(f);
    socket.send({ type: 'ping' });
    expect(await socket.next()).toMatchObject({ type: 'pong' });
    return socket;
  }

  it('delivers channel events only to sockets watching that channel, and stops after unsubscribe', async () => {
    const one = await open((await h.login()).token, [{ type: 'subscribe', channel: 'topics:thread:t1' }]);
    const two = await open((await h.login()).token, [{ type: 'subscribe', channel: 'topics:thread:t2' }]);

    await publishToChannel(h.ctx, 'topics:thread:t1', 'topic.created', { id: 'v1' });
    expect(await one.next()).toMatchObject({ type: 'topic.created', channel: 'topics:thread:t1', data: { id: 'v1' } });
    await publishToChannel(h.ctx, 'topics:thread:t2', 'topic.created', { id: 'v2' });
    // The first frame `two` ever gets is its own channel's: nothing of t1 leaked to it.
    expect(await two.next()).toMatchObject({ channel: 'topics:thread:t2', data: { id: 'v2' } });

    one.send({ type: 'unsubscribe', channel: 'topics:thread:t1' });
    one.send({ type: 'ping' });
    expect(await one.next()).toMatchObject({ type: 'pong' });
    await publishToChannel(h.ctx, 'topics:thread:t1', 'topic.created', { id: 'v3' });
    one.send({ type: 'ping' });
    expect(await one.next()).toMatchObject({ type: 'pong' });
    await one.close();
    await two.close();
  });

  // Issue 11: blocks and password gates hold on the socket as on REST; topics names who may get a voice.
  it('leaves out the users an event excepts, and sends an `only` event to those users alone', async () => {
    const [blocked, unlocked, anyone] = [await h.login(), await h.login(), await h.login()];
    const watch = [{ type: 'subscribe', channel: 'topics:all' }];
    const sockets = [
      await open(blocked.token, watch),
      await open(unlocked.token, watch),
      await open(anyone.token, watch),
    ];
    await publishToChannel(
      h.ctx,
      'topics:all',
      'topic.created',
      { id: 'hidden-from-blocked' },
      { except: [blocked.userId] },
    );
    await publishToChannel(h.ctx, 'topics:all', 'topic.created', { id: 'gated' }, { only: [unlocked.userId] });
    await publishToChannel(h.ctx, 'topics:all', 'topic.created', { id: 'for-all' });
    const firstFrames = await Promise.all(sockets.map((s) => s.next()));
    // Each socket's first frame says what reached it first: nothing excepted or not for it came before.
    expect(firstFrames.map((f) => (f as { data: { id: string } }).data.id)).toEqual([
      'for-all',
      'hidden-from-blocked',
      'hidden-from-blocked',
    ]);
    expect((await sockets[1]!.next()) as unknown).toMatchObject({ data: { id: 'gated' } });
    expect((await sockets[2]!.next()) as unknown).toMatchObject({ data: { id: 'for-all' } });
    for (const s of sockets) await s.close();
  });

  it('refuses channels outside the live lists and more than eight per socket', async () => {
    const frames = [{ type: 'subscribe', channel: 'accounts:secrets' }];
    for (let i = 0; i < 9; i++) frames.push({ type: 'subscribe', channel: `topics:thread:n${i}` });
    const socket = await open((await h.login()).token, frames);
    await publishToChannel(h.ctx, 'topics:thread:n8', 'topic.created', {});
    await publishToChannel(h.ctx, 'topics:thread:n7', 'topic.created', { ok: true });
    expect(await socket.next()).toMatchObject({ channel: 'topics:thread:n7' });
    await socket.close();
  });

  it("publishes presence when a user's first socket opens and their last one closes", async () => {
    const { userId, token } = await h.login();
    const a = await open(token);
    const b = await open(token);
    await expect
      .poll(() => presence.filter((p) => p.user_id === userId))
      .toEqual([{ user_id: userId, online: true, at: expect.any(String) }]);
    await a.close();
    await b.close();
    await expect.poll(() => presence.filter((p) => p.user_id === userId).map((p) => p.online)).toEqual([true, false]);
  });
});
