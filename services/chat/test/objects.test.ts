import { events } from '@honne/contracts/events';
import { parseS3Url, S3Objects } from '@honne/service-kit';
import { infraModes, requireOrSkip } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { makeImage, startHarness, type Harness, type Person } from './harness.ts';

// Where image bytes live: in their row (embedded default), or as objects in an S3-compatible
// store when S3_URL is set (CI runs one). The row stays the truth: reads, expiry and deletion go by it.
describe.each(infraModes())('chat images in the object store when S3_URL is set ($name)', (mode) => {
  const s3 =
    mode.name === 'real' && requireOrSkip('object storage (S3_URL) beside the real infrastructure', !!mode.s3Url);
  let h: Harness;
  /** An independent client on the same bucket, to see what the service left there. */
  let store: S3Objects | undefined;
  beforeAll(async () => {
    h = await startHarness(mode);
    if (s3) store = new S3Objects(parseS3Url(mode.s3Url!), 'chat/');
  });
  afterAll(async () => {
    store?.close();
    await h?.close();
  });

  const upload = async (x: Person, room: string) =>
    (
      await h.post('/messages/signedFileUrl', { room_id: room, data: (await makeImage(40, 30)).toString('base64') }, x)
    ).json().data as { id: string; url: string };
  const rowBytes = async (id: string) =>
    (await h.ctx.db.selectFrom('images').select('bytes').where('id', '=', id).executeTakeFirst())?.bytes.length;

  it('keeps the bytes where the mode says, serves them through the same route, and expiry removes the object with the row', async () => {
    const x = await h.user();
    const y = await h.user();
    const room = await h.topicRoom(y, h.voice(x));
    const up = await upload(x, room);
    await h.send(x, room, { message_type_id: 2, data: up.url });
    const served = await h.get(up.url.replace('/api/v1', ''));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');

    if (s3) {
      expect(await rowBytes(up.id)).toBe(0);
      expect(await store!.get(`images/${up.id}`)).toEqual(served.rawPayload);
    } else {
      expect(h.ctx.objects).toBeUndefined();
      expect(await rowBytes(up.id)).toBe(served.rawPayload.length);
    }

    // The message (and its image) expire: the route answers 404 at once, the purge removes both.
    h.clock.advance(61 * 60_000);
    expect((await h.get(up.url.replace('/api/v1', ''))).statusCode).toBe(404);
    await h.purge();
    expect(await rowBytes(up.id)).toBeUndefined();
    if (s3) expect(await store!.get(`images/${up.id}`)).toBeUndefined();
    expect(await h.ctx.db.selectFrom('object_deletions').select('key').execute()).toEqual([]);
  });

  it('a deleted user’s images leave the store with their rows (whatever path deletes the row)', async () => {
    const gone = await h.user();
    const owner = await h.user();
    const room = await h.topicRoom(gone, h.voice(owner));
    const up = await upload(gone, room);
    if (s3) expect(await store!.get(`images/${up.id}`)).toBeDefined();
    await h.publish(
      events.userDeleted,
      { user_id: gone.userId, deleted_at: h.clock.now().toISOString() },
      async () => (await rowBytes(up.id)) === undefined,
    );
    await h.purge();
    if (s3) expect(await store!.get(`images/${up.id}`)).toBeUndefined();
    expect(await h.ctx.db.selectFrom('object_deletions').select('key').execute()).toEqual([]);
  });
});
