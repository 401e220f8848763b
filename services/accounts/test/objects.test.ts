import { sweepObjectDeletions } from '@honne/service-kit';
import { harnessWithObjectStore, infraModes } from '@honne/service-kit/testing';
import { describe, expect, it } from 'vitest';

import { png, startHarness, type Harness } from './harness.ts';

// Profile images in the object store when S3_URL is set (CI runs one), in their rows otherwise.
describe.each(infraModes())('profile images in the object store when S3_URL is set ($name)', (mode) => {
  /** The harness, and where S3_URL is set an independent client on the same bucket (`t.store`). */
  const t = harnessWithObjectStore(mode, 'accounts/', startHarness);

  const idOf = (link: string) => /images\/([0-9a-f-]{36})\.jpg$/.exec(link)![1]!;
  const rowBytes = async (id: string) =>
    (await t.h.ctx.db.selectFrom('images').select('bytes').where('id', '=', id).executeTakeFirst())?.bytes.length;
  const changeAvatar = async (caller: Parameters<Harness['as']>[0]) => {
    const res = await t.h.app.inject({
      method: 'PUT',
      url: '/users/avatar',
      headers: t.h.as(caller),
      payload: { type: 1, profile_image_data: await png(400, 400) },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.profile_image as string;
  };

  it('keeps the bytes where the mode says and serves them by the same link; a replaced image and a deleted user take their objects along', async () => {
    const me = await t.h.register('objects@example.jp');
    const first = await changeAvatar(me.caller);
    const served = await t.h.get(first.replace('/api/v1', ''));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    if (t.s3) {
      expect(await rowBytes(idOf(first))).toBe(0);
      expect(await t.store!.get(`images/${idOf(first)}`)).toEqual(served.rawPayload);
    } else {
      expect(t.h.ctx.objects).toBeUndefined();
      expect(await rowBytes(idOf(first))).toBe(served.rawPayload.length);
    }

    // A new image replaces the first: its row goes, and its object with it.
    const second = await changeAvatar(me.caller);
    expect(await rowBytes(idOf(first))).toBeUndefined();
    await sweepObjectDeletions(t.h.ctx.db, t.h.ctx.objects);
    if (t.s3) {
      expect(await t.store!.get(`images/${idOf(first)}`)).toBeUndefined();
      expect(await t.store!.get(`images/${idOf(second)}`)).toBeDefined();
    }

    // Deleting the account removes its images by cascade: the trigger records those too.
    expect((await t.h.post('/users/deleteUser', {}, t.h.as(me.caller))).statusCode).toBe(200);
    expect(await rowBytes(idOf(second))).toBeUndefined();
    await sweepObjectDeletions(t.h.ctx.db, t.h.ctx.objects);
    if (t.s3) expect(await t.store!.get(`images/${idOf(second)}`)).toBeUndefined();
    expect(await t.h.ctx.db.selectFrom('object_deletions').select('key').execute()).toEqual([]);
  });
});
