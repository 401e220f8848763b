import { randomUUID } from 'node:crypto';

import {
  GREETING_MESSAGES,
  GREETING_PARTS,
  GREETING_PART_TTL_MS,
  greetingEndpoints,
  type Greeting,
  type GreetingAudio,
} from '@honne/contracts/greetings';
import { messages } from '@honne/contracts/messages';
import { fieldErrors, notFound, ok, putForRow, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import {
  deleteGreeting,
  deleteGreetingParts,
  findGreeting,
  saveGreeting,
  saveGreetingPart,
  type GreetingRow,
} from '../db/repos/greetings.ts';
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

/**
 * Checks a recording (base64 or a data URL) and saves it as the user's greeting; a refusal is a
 * field error under `field`. With S3_URL the audio is a new object per upload (stored first: a row
 * never names a missing one); the row's trigger records the key it replaces, and the sweeper
 * removes that object. An insert that fails removes the new object again (`putForRow`).
 */
async function storeGreeting(
  ctx: AppContext,
  userId: string,
  recording: string,
  mimeType: string | null,
  field: string,
): Promise<Greeting> {
  const data = recording.replace(/^data:[^,]*,/, '');
  if (!BASE64.test(data)) throw fieldErrors({ [field]: GREETING_MESSAGES.notAudio });
  const bytes = new Uint8Array(Buffer.from(data, 'base64'));
  const check = checkGreetingAudio(bytes, mimeType ?? sniffMime(bytes));
  if (!check.ok) throw fieldErrors({ [field]: check.message });
  const objectKey = ctx.objects ? `greetings/${userId}/${randomUUID()}` : null;
  const row = {
    user_id: userId,
    mime_type: check.mimeType,
    duration_ms: check.durationMs,
    size: bytes.length,
    audio: objectKey ? new Uint8Array(0) : bytes,
    object_key: objectKey,
    updated_at: ctx.clock.now(),
  };
  const object = objectKey ? { key: objectKey, bytes: Buffer.from(bytes), contentType: check.mimeType } : undefined;
  await putForRow(ctx, ctx.db, object, (db) => saveGreeting(db, row));
  return {
    mime_type: row.mime_type,
    duration_ms: row.duration_ms,
    size: row.size,
    updated_at: row.updated_at.toISOString(),
  };
}

/** The type a data URL names (`data:audio/webm;codecs=opus;base64,…`), or null for bare base64. */
const mimeOfDataUrl = (s: string): string | null => /^data:([^;,]+)/.exec(s)?.[1] ?? null;

/** The container the bytes are, when the spec's parts came as bare base64 (no type named). */
function sniffMime(bytes: Uint8Array): string {
  const at = (i: number, sig: number[]) => sig.every((b, k) => bytes[i + k] === b);
  if (at(0, [0x1a, 0x45, 0xdf, 0xa3])) return 'audio/webm';
  if (at(0, [0x4f, 0x67, 0x67, 0x53])) return 'audio/ogg';
  if (at(4, [0x66, 0x74, 0x79, 0x70])) return 'audio/mp4';
  return 'application/octet-stream';
}

export function greetingRoutes(app: FastifyInstance, ctx: AppContext, ringingCallerOf: RingingCallerOf): void {
  route(app, ctx, greetingEndpoints.upload, async ({ body, caller }) =>
    ok(await storeGreeting(ctx, caller.userId, body.audioRecord, body.mime_type, 'audioRecord')),
  );

  // The spec's seven parts: each is kept until all seven are in; the one that completes the set
  // assembles them and stores the greeting through the same checks as the single upload. Any
  // order works; a part sent again replaces the earlier one of its number.
  const parts = [
    greetingEndpoints.part1,
    greetingEndpoints.part2,
    greetingEndpoints.part3,
    greetingEndpoints.part4,
    greetingEndpoints.part5,
    greetingEndpoints.part6,
    greetingEndpoints.part7,
  ] as const;
  parts.forEach((def, i) => {
    const n = i + 1;
    const field = `audioRecord${n}`;
    route(app, ctx, def, async ({ body, caller }) => {
      const sent = body as { user_id?: string | null } & Record<string, unknown>;
      if (sent.user_id != null && sent.user_id !== caller.userId) throw fieldErrors({ user_id: messages.invalidInput });
      const now = ctx.clock.now();
      const held = await saveGreetingPart(
        ctx.db,
        caller.userId,
        n,
        String(sent[field]),
        now,
        new Date(now.getTime() - GREETING_PART_TTL_MS),
      );
      if (held.length < GREETING_PARTS) return ok({ received: held.length, greeting: null });
      await deleteGreetingParts(ctx.db, caller.userId);
      const whole = held.map((p) => p.data).join('');
      const greeting = await storeGreeting(ctx, caller.userId, whole, mimeOfDataUrl(whole), field);
      return ok({ received: GREETING_PARTS, greeting });
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
