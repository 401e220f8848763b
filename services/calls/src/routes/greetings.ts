import { randomUUID } from 'node:crypto';

import { GREETING_MESSAGES, greetingEndpoints, type GreetingAudio } from '@honne/contracts/greetings';
import { fieldErrors, notFound, ok, putForRow, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { deleteGreeting, findGreeting, saveGreeting, type GreetingRow } from '../db/repos/greetings.ts';
import { checkGreetingAudio } from '../domain/greeting-audio.ts';

/**
 * Who may hear whose greeting in a room: the callee of the call ringing there hears the caller's.
 * The call itself belongs to the call state machine; it hands this lookup in (see app.ts), so this
 * file stays clear of the call tables.
 */
export type RingingCallerOf = (
  roomId: string,
  calleeId: string,
) => Promise<{ callerId: string; playGreeting: boolean } | null>;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The greeting as the screens play it; with S3_URL its bytes come from the store, found through the row. */
async function audioOf(ctx: AppContext, row: GreetingRow): Promise<GreetingAudio | null> {
  const bytes = row.object_key ? await ctx.objects?.get(row.object_key) : row.audio;
  if (!bytes) return null;
  return {
    mime_type: row.mime_type,
    duration_ms: row.duration_ms,
    audio: `data:${row.mime_type};base64,${Buffer.from(bytes).toString('base64')}`,
  };
}

export function greetingRoutes(app: FastifyInstance, ctx: AppContext, ringingCallerOf: RingingCallerOf): void {
  route(app, ctx, greetingEndpoints.upload, async ({ body, caller }) => {
    const data = body.audioRecord.replace(/^data:[^,]*,/, '');
    if (!BASE64.test(data)) throw fieldErrors({ audioRecord: GREETING_MESSAGES.notAudio });
    const bytes = new Uint8Array(Buffer.from(data, 'base64'));
    const check = checkGreetingAudio(bytes, body.mime_type);
    if (!check.ok) throw fieldErrors({ audioRecord: check.message });
    // With S3_URL the audio is a new object per upload (stored first: a row never names a missing
    // one); the row's trigger records the key it replaces, and the sweeper removes that object.
    // An insert that fails removes the new object again (`putForRow`).
    const objectKey = ctx.objects ? `greetings/${caller.userId}/${randomUUID()}` : null;
    const row = {
      user_id: caller.userId,
      mime_type: check.mimeType,
      duration_ms: check.durationMs,
      size: bytes.length,
      audio: objectKey ? new Uint8Array(0) : bytes,
      object_key: objectKey,
      updated_at: ctx.clock.now(),
    };
    const object = objectKey ? { key: objectKey, bytes: Buffer.from(bytes), contentType: check.mimeType } : undefined;
    await putForRow(ctx, ctx.db, object, (db) => saveGreeting(db, row));
    return ok({
      mime_type: row.mime_type,
      duration_ms: row.duration_ms,
      size: row.size,
      updated_at: row.updated_at.toISOString(),
    });
  });

  route(app, ctx, greetingEndpoints.mine, async ({ caller }) => {
    const row = await findGreeting(ctx.db, caller.userId);
    return ok(row ? await audioOf(ctx, row) : null);
  });

  route(app, ctx, greetingEndpoints.remove, async ({ caller }) => {
    await deleteGreeting(ctx.db, caller.userId);
    return ok({ ok: true });
  });

  route(app, ctx, greetingEndpoints.ofCaller, async ({ params, caller }) => {
    // Nobody learns whether a room or a greeting exists unless they are being called in it.
    const ringing = await ringingCallerOf(params.id, caller.userId);
    if (!ringing) throw notFound();
    // An anonymous caller's greeting stays unplayed: the answer is that of a caller with none.
    if (!ringing.playGreeting) return ok(null);
    const row = await findGreeting(ctx.db, ringing.callerId);
    return ok(row ? await audioOf(ctx, row) : null);
  });
}
