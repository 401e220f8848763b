import { events } from '@honne/contracts/events';
import { harnessWithObjectStore, infraModes } from '@honne/service-kit/testing';
import { describe, expect, it } from 'vitest';

import { makeImage, startHarness, type Person } from './harness.ts';

// Where image bytes live: in their row (embedded default), or as objects in an S3-compatible
// store when S3_URL is set (CI runs one). The row stays the truth: reads, expiry and deletion go by it.
describe.each(infraModes())('chat images in the object store when S3_URL is set ($name)', (mode) => {
  /** The harness, and where S3_URL is set an independent client on the same bucket (`t.store`). */
  const t = harnessWithObjectStore(mode, 'chat/', startHarness);

  const upload = async (x: Person, room: string) =>
    (
      await t.h.post(
        '/messages/signedFileUrl',
        { room_id: room, data: (await makeImage(40, 30)).toString('base64') },
        x,
      )
    ).json().data as { id: string; url: string };
  const rowBytes = async (id: string) =>
    (await t.h.ctx.db.selectFrom('images').select('bytes').where('id', '=', id).executeTakeFirst())?.bytes.length;

  it('keeps the bytes where the mode says, serves them through the same route, and expiry removes the object with the row', async () => {
    const x = await t.h.user();
    const y = await t.h.user();
    const room = await t.h.topicRoom(y, t.h.voice(x));
    const up = await upload(x, room);
    await t.h.send(x, room, { message_type_id: 2, data: up.url });
    const served = await t.h.get(up.url.replace('/api/v1', ''));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');

    if (t.s3) {
      expect(await rowBytes(up.id)).toBe(0);
      expect(await t.store!.get(`images/${up.id}`)).toEqual(served.rawPayload);
    } else {
      expect(t.h.ctx.objects).toBeUndefined();
      expect(await rowBytes(up.id)).toBe(served.rawPayload.length);
    }

    // The message (and its image) expire: the route answers 404 at once, the purge removes both.
    t.h.clock.advance(61 * 60_000);
    expect((await t.h.get(up.url.replace('/api/v1', ''))).statusCode).toBe(404);
    await t.h.purge();
    expect(await rowBytes(up.id)).toBeUndefined();
    if (t.s3) expect(await t.store!.get(`images/${up.id}`)).toBeUndefined();
    expect(await t.h.ctx.db.selectFrom('object_deletions').select('key').execute()).toEqual([]);
  });

  it('a deleted user’s images leave the store with their rows (whatever path deletes the row)', async () => {
    const gone = await t.h.user();
    const owner = await t.h.user();
    const room = await t.h.topicRoom(gone, t.h.voice(owner));
    const up = await upload(gone, room);
    if (t.s3) expect(await t.store!.get(`images/${up.id}`)).toBeDefined();
    await t.h.publish(
      events.userDeleted,
      { user_id: gone.userId, deleted_at: t.h.clock.now().toISOString() },
      async () => (await rowBytes(up.id)) === undefined,
    );
    await t.h.purge();
    if (t.s3) expect(await t.store!.get(`images/${up.id}`)).toBeUndefined();
    expect(await t.h.ctx.db.selectFrom('object_deletions').select('key').execute()).toEqual([]);
  });
});
