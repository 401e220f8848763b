import { events } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { isRetentionMinutes, profileEndpoints, type Settings, type SettingsBody } from '@honne/contracts/profile';
import { fieldErrors, ok, route, unauthorized } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { findLive, setPushTokens } from '../db/repos/sessions.ts';
import { withEvents } from '../events/outbox.ts';
import { updateUser } from '../db/repos/users.ts';
import type { User } from '../db/schema/users.ts';
import { currentUser } from '../domain/sessions.ts';

const settingsOf = (u: User): Settings => ({
  call_volume: u.call_volume,
  chat_volume: u.chat_volume,
  saved_message_time: u.saved_message_time,
  voiceCall: u.voice_call,
  callRingtone: u.call_ringtone,
  messageRingtone: u.message_ringtone,
});

export function settingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, profileEndpoints.getSettings, async ({ caller }) =>
    ok(settingsOf(await currentUser(ctx, caller.userId))),
  );

  const update = async (userId: string, body: SettingsBody) => {
    if (body.saved_message_time !== undefined && !isRetentionMinutes(body.saved_message_time)) {
      throw fieldErrors({ saved_message_time: messages.retentionInvalid });
    }
    await currentUser(ctx, userId);
    // The retention setting and its event commit together: chat applies it to new messages.
    const saved = await withEvents(ctx, async (trx, emit) => {
      const updated = await updateUser(trx, userId, {
        ...(body.call_volume !== undefined && { call_volume: body.call_volume }),
        ...(body.chat_volume !== undefined && { chat_volume: body.chat_volume }),
        ...(body.saved_message_time !== undefined && { saved_message_time: body.saved_message_time }),
        ...(body.voiceCall !== undefined && { voice_call: body.voiceCall }),
        ...(body.callRingtone !== undefined && { call_ringtone: body.callRingtone }),
        ...(body.messageRingtone !== undefined && { message_ringtone: body.messageRingtone }),
        updated_at: ctx.clock.now(),
      });
      if (body.saved_message_time !== undefined) {
        await emit(events.userSettingsUpdated, {
          user_id: userId,
          saved_message_time: updated.saved_message_time,
          at: ctx.clock.now().toISOString(),
        });
      }
      return updated;
    });
    return ok(settingsOf(saved));
  };
  route(app, ctx, profileEndpoints.putSettings, ({ caller, body }) => update(caller.userId, body));
  route(app, ctx, profileEndpoints.postSettings, ({ caller, body }) => update(caller.userId, body));

  route(app, ctx, profileEndpoints.getDevice, async ({ caller }) => {
    const s = await findLive(ctx.db, caller.sessionId);
    if (!s) throw unauthorized();
    return ok({ device_type: s.device_type, device_id: s.device_id, fcm_token: s.fcm_token, voip_token: s.voip_token });
  });

  route(app, ctx, profileEndpoints.putDevice, async ({ caller, body }) => {
    const s = await setPushTokens(ctx.db, caller.sessionId, body);
    if (!s) throw unauthorized();
    return ok({ device_type: s.device_type, device_id: s.device_id, fcm_token: s.fcm_token, voip_token: s.voip_token });
  });

  route(app, ctx, profileEndpoints.timeserver, async () => {
    const now = ctx.clock.now();
    return ok({ now: now.toISOString(), epoch_ms: now.getTime() });
  });
}
