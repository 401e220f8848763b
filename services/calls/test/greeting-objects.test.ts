import { events } from '@honne/contracts/events';
import { parseS3Url, S3Objects, sweepObjectDeletions } from '@honne/service-kit';
import { infraModes, requireOrSkip } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { b64, oggOpus, webm } from './audio-fixtures.ts';
import { startCalls, type TestCalls } from './helpers.ts';

// Voice greetings in the object store when S3_URL is set (CI runs one), in their rows otherwise.
describe.each(infraModes())('voice greetings in the object store when S3_URL is set ($name)', (mode) => {
  const s3 =
    mode.name === 'real' && requireOrSkip('object storage (S3_URL) beside the real infrastructure', !!mode.s3Url);
  let calls: TestCalls;
  /** An independent client on the same bucket, to see what the service left there. */
  let store: S3Objects | undefined;
  beforeAll(async () => {
    calls = await startCalls(mode);
    if (s3) store = new S3Objects(parseS3Url(mode.s3Url!), 'calls/');
  });
  afterAll(async () => {
    store?.close();
    await calls?.close();
  });

  const put = (user: string, audioRecord: string, mime_type: string) =>
    calls.app.inject({
      method: 'PUT',
      url: '/users/audio_record',
      headers: calls.as(user),
      payload: { audioRecord, mime_type },
    });
  const mine = async (user: string) =>
    (await calls.app.inject({ method: 'GET', url: '/users/audio_record', headers: calls.as(user) })).json().data as {
      audio: string;
    } | null;
  const row = (user: string) =>
    calls.ctx.db.selectFrom('greetings').select(['audio', 'object_key']).where('user_id', '=', user).executeTakeFirst();

  it('keeps the audio where the mode says and plays it back; a replaced greeting and a deleted user take their objects along', async () => {
    const user = `objects-${mode.name}`;
    const first = webm(3000);
    expect((await put(user, b64(first), 'audio/webm')).statusCode).toBe(200);
    const back = await mine(user);
    expect(Buffer.from(back!.audio.split(',')[1]!, 'base64').equals(Buffer.from(first))).toBe(true);
    const firstRow = await row(user);
    if (s3) {
      expect(firstRow).toMatchObject({ object_key: expect.stringMatching(new RegExp(`^greetings/${user}/`)) });
      expect(firstRow!.audio.length).toBe(0);
      expect(Buffer.from(first).equals((await store!.get(firstRow!.object_key!))!)).toBe(true);
    } else {
      expect(calls.ctx.objects).toBeUndefined();
      expect(firstRow).toMatchObject({ object_key: null });
      expect(firstRow!.audio.length).toBe(first.length);
    }

    // A new upload replaces the row in place: the old object goes, the new one stays.
    expect((await put(user, b64(oggOpus(2000)), 'audio/ogg')).statusCode).toBe(200);
    const secondRow = await row(user);
    await sweepObjectDeletions(calls.ctx.db, calls.ctx.objects);
    if (s3) {
      expect(await store!.get(firstRow!.object_key!)).toBeUndefined();
      expect(await store!.get(secondRow!.object_key!)).toBeDefined();
    }

    // accounts.user.deleted: the greeting goes (it used to stay), and its object with it.
    await calls.ctx.bus.publish(events.userDeleted, { user_id: user, deleted_at: new Date().toISOString() });
    await expect.poll(() => row(user), { timeout: 10_000 }).toBeUndefined();
    await sweepObjectDeletions(calls.ctx.db, calls.ctx.objects);
    if (s3) expect(await store!.get(secondRow!.object_key!)).toBeUndefined();
    expect(await calls.ctx.db.selectFrom('object_deletions').select('key').execute()).toEqual([]);
  });
});
