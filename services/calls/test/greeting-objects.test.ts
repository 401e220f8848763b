import { events } from '@honne/contracts/events';
import { sweepObjectDeletions } from '@honne/service-kit';
import { harnessWithObjectStore, infraModes } from '@honne/service-kit/testing';
import { describe, expect, it } from 'vitest';

import { b64, oggOpus, webm } from '@honne/service-kit/testing-audio';

import { startCalls } from './helpers.ts';

// Voice greetings in the object store when S3_URL is set (CI runs one), in their rows otherwise.
describe.each(infraModes())('voice greetings in the object store when S3_URL is set ($name)', (mode) => {
  /** The harness, and where S3_URL is set an independent client on the same bucket (`t.store`). */
  const t = harnessWithObjectStore(mode, 'calls/', startCalls);

  const put = (user: string, audioRecord: string, mime_type: string) =>
    t.h.app.inject({
      method: 'PUT',
      url: '/users/audio_record',
      headers: t.h.as(user),
      payload: { audioRecord, mime_type },
    });
  const mine = async (user: string) =>
    (await t.h.app.inject({ method: 'GET', url: '/users/audio_record', headers: t.h.as(user) })).json().data as {
      audio: string;
    } | null;
  const row = (user: string) =>
    t.h.ctx.db.selectFrom('greetings').select(['audio', 'object_key']).where('user_id', '=', user).executeTakeFirst();

  it('keeps the audio where the mode says and plays it back; a replaced greeting and a deleted user take their objects along', async () => {
    const user = `objects-${mode.name}`;
    const first = webm(3000);
    expect((await put(user, b64(first), 'audio/webm')).statusCode).toBe(200);
    const back = await mine(user);
    expect(Buffer.from(back!.audio.split(',')[1]!, 'base64').equals(Buffer.from(first))).toBe(true);
    const firstRow = await row(user);
    if (t.s3) {
      expect(firstRow).toMatchObject({ object_key: expect.stringMatching(new RegExp(`^greetings/${user}/`)) });
      expect(firstRow!.audio.length).toBe(0);
      expect(Buffer.from(first).equals((await t.store!.get(firstRow!.object_key!))!)).toBe(true);
    } else {
      expect(t.h.ctx.objects).toBeUndefined();
      expect(firstRow).toMatchObject({ object_key: null });
      expect(firstRow!.audio.length).toBe(first.length);
    }

    // A new upload replaces the row in place: the old object goes, the new one stays.
    expect((await put(user, b64(oggOpus(2000)), 'audio/ogg')).statusCode).toBe(200);
    const secondRow = await row(user);
    await sweepObjectDeletions(t.h.ctx.db, t.h.ctx.objects);
    if (t.s3) {
      expect(await t.store!.get(firstRow!.object_key!)).toBeUndefined();
      expect(await t.store!.get(secondRow!.object_key!)).toBeDefined();
    }

    // accounts.user.deleted: the greeting goes (it used to stay), and its object with it.
    await t.h.ctx.bus.publish(events.userDeleted, { user_id: user, deleted_at: new Date().toISOString() });
    await expect.poll(() => row(user), { timeout: 10_000 }).toBeUndefined();
    await sweepObjectDeletions(t.h.ctx.db, t.h.ctx.objects);
    if (t.s3) expect(await t.store!.get(secondRow!.object_key!)).toBeUndefined();
    expect(await t.h.ctx.db.selectFrom('object_deletions').select('key').execute()).toEqual([]);
  });
});
