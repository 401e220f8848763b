import { randomUUID } from 'node:crypto';

import { parseAvatarPath } from '@honne/avatars';
import { accountsEndpoints } from '@honne/contracts/accounts';
import { events, requests, type EventPayload } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import {
  PROFILE_LIMITS,
  profileEndpoints,
  checkUserName,
  splitTags,
  validateProfileUpdate,
  validateSns,
  type ProfileUpdateBody,
} from '@honne/contracts/profile';
import {
  AppError,
  assertNoFieldErrors,
  fieldErrors,
  notFound,
  ok,
  putForRow,
  route,
  flaggedText,
  screenText,
} from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { blockedEitherWay } from '../db/repos/blocks.ts';
import { pruneImages, saveImage } from '../db/repos/images.ts';
import { findById, updateUser } from '../db/repos/users.ts';
import type { User, UserUpdate } from '../db/schema/users.ts';
import { resetFriends } from '../domain/friends.ts';
import { decodeBase64Image, imageObjectKey, squareJpeg } from '../domain/images.ts';
import { toProfile, toPublicUser, type FilterHistory } from '../domain/profile.ts';
import { currentUser } from '../domain/sessions.ts';
import { queueEvent, withEvents } from '../events/outbox.ts';
import { emitProfile } from '../events/profile-updated.ts';

export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, accountsEndpoints.profile, async ({ caller }) => {
    const user = await currentUser(ctx, caller.userId);
    const [coin, history] = await Promise.all([balanceOf(ctx, user.id), filterHistoryOf(ctx, user.id)]);
    return ok(toProfile(user, coin, ctx.reference, history));
  });

  route(app, ctx, profileEndpoints.update, async ({ caller, body }) => {
    const user = await currentUser(ctx, caller.userId);
    const completing = Number(body.is_infomation) === 1;
    assertNoFieldErrors(validateProfileUpdate(body, completing && user.is_infomation === 0));
    const { patch, flagged } = screenProfileText(ctx, user.id, profilePatch(body));
    const image = await imageFrom(ctx, user, body.type, body.profile_image_data, PROFILE_LIMITS.registrationAvatarSide);
    if (image !== undefined) patch.profile_image = image;
    const saved = await save(ctx, user, patch, flagged);
    // A new name here is the same rename as /users/change_user_name's (spec accounts §4): the first
    // name, given while completing the profile, is no rename.
    const newName = patch.user_name;
    if (user.user_name && typeof newName === 'string' && newName !== user.user_name)
      await afterRename(ctx, saved.id, newName);
    return ok(toProfile(saved, await balanceOf(ctx, saved.id), ctx.reference, await filterHistoryOf(ctx, saved.id)));
  });

  route(app, ctx, profileEndpoints.changeAvatar, async ({ caller, body }) => {
    const user = await currentUser(ctx, caller.userId);
    const image = await imageFrom(
      ctx,
      user,
      body.type,
      body.profile_image_data,
      PROFILE_LIMITS.changeAvatarSide,
      body.crop,
    );
    const saved = await save(ctx, user, { profile_image: image ?? null });
    return ok(toProfile(saved, await balanceOf(ctx, saved.id), ctx.reference, await filterHistoryOf(ctx, saved.id)));
  });

  for (const def of [profileEndpoints.changeUserNamePost, profileEndpoints.changeUserNamePut]) {
    route(app, ctx, def, async ({ caller, body }) => {
      const error = checkUserName(body.user_name);
      if (error) throw fieldErrors({ user_name: error });
      const user = await currentUser(ctx, caller.userId);
      const { patch, flagged } = screenProfileText(ctx, user.id, { user_name: body.user_name!.trim() });
      const name = patch.user_name!;
      // The same name again is no rename: nothing is saved and no friendship or room is touched.
      if (name === user.user_name) return ok({ user_name: name, roomIds: [] });
      const saved = await save(ctx, user, { user_name: name }, flagged);
      return ok({ user_name: name, roomIds: await afterRename(ctx, saved.id, name) });
    });
  }

  route(app, ctx, profileEndpoints.updateSns, async ({ caller, body }) => {
    assertNoFieldErrors(validateSns(body));
    const user = await currentUser(ctx, caller.userId);
    const clean = (v: string | undefined, old: string | null) =>
      v === undefined ? old : v.trim() === '' ? null : v.trim();
    const saved = await save(ctx, user, {
      facebook: clean(body.facebook, user.facebook),
      instagram: clean(body.instagram, user.instagram),
      twitter: clean(body.twitter, user.twitter),
    });
    return ok({ facebook: saved.facebook, instagram: saved.instagram, twitter: saved.twitter });
  });

  route(app, ctx, profileEndpoints.userDetail, async ({ caller, params }) => {
    const user = /^[0-9a-f-]{36}$/.test(params.id) ? await findById(ctx.db, params.id) : undefined;
    // Blocked either way, the other is as good as gone.
    if (!user || (user.id !== caller.userId && (await blockedEitherWay(ctx.db, caller.userId, user.id))))
      throw notFound();
    return ok(toPublicUser(user, ctx.reference, caller.userId));
  });
}

/**
 * The rule of a rename, whichever path saved the new name (`/users/change_user_name`, `PUT /users`):
 * spec accounts §4 — every friendship ends, and chat removes the friend rooms and names them.
 * Answers those rooms' ids.
 */
async function afterRename(ctx: AppContext, userId: string, name: string): Promise<string[]> {
  await resetFriends(ctx, userId);
  const renamedAt = ctx.clock.now().toISOString();
  try {
    return (await ctx.bus.request(requests.chatFriendRoomsRemove, { user_id: userId, renamed_at: renamedAt })).room_ids;
  } catch (err) {
    // The name is saved either way; chat removes the rooms when it hears the announcement.
    ctx.log.warn({ err }, 'chat did not answer the rename; announcing it instead');
    await queueEvent(ctx, events.userRenamed, { user_id: userId, user_name: name, renamed_at: renamedAt });
    return [];
  }
}

async function save(
  ctx: AppContext,
  user: User,
  patch: UserUpdate,
  flagged?: EventPayload<typeof events.profileTextFlagged>,
): Promise<User> {
  // The card and its event commit together: services following it cannot miss a change (nor the
  // moderators a flagged text, ADR 0037).
  const saved = await withEvents(ctx, async (trx, emit) => {
    const updated = await updateUser(trx, user.id, { ...patch, updated_at: ctx.clock.now() });
    await emitProfile(emit, updated);
    if (flagged) await emit(events.profileTextFlagged, flagged);
    return updated;
  });
  if (patch.profile_image !== undefined) await pruneImages(ctx.db, user.id, saved.profile_image);
  return saved;
}

/**
 * What others read of a profile, screened before it is stored (issue 28): a name with a listed word
 * is refused (a name of ＊ helps nobody); the two texts are refused or masked like any text. A hold
 * word is refused too, saying a moderator would have to look (a character has one name and
 * profile, shown as soon as saved: ADR 0037); a flag word is saved and queued with the save.
 */
function screenProfileText(
  ctx: AppContext,
  userId: string,
  patch: UserUpdate,
): { patch: UserUpdate; flagged: EventPayload<typeof events.profileTextFlagged> | undefined } {
  const written = {
    user_name: patch.user_name ?? undefined,
    userCharacterInputWord: patch.input_word ?? undefined,
    userCharacterInputDetail: patch.input_detail ?? undefined,
  };
  const { fields, flagged } = screenText(written, { lists: ctx.filterLists });
  if (typeof patch.user_name === 'string' && patch.user_name && fields.user_name !== patch.user_name) {
    throw fieldErrors({ user_name: messages.textRefused });
  }
  if (patch.input_word) patch.input_word = fields.userCharacterInputWord;
  if (patch.input_detail) patch.input_detail = fields.userCharacterInputDetail;
  const texts = Object.fromEntries(Object.entries(written).filter(([, v]) => typeof v === 'string')) as Record<
    string,
    string
  >;
  return {
    patch,
    flagged: flaggedText(flagged, { user_id: userId, where: 'profile', ref: userId, texts }, ctx.clock.now()),
  };
}

function profilePatch(body: ProfileUpdateBody): UserUpdate {
  const patch: UserUpdate = {};
  const int = (v: unknown) => (v === undefined || v === '' ? undefined : Number(v));
  if (body.user_name !== undefined) patch.user_name = body.user_name.trim();
  const gender = int(body.gender ?? body.gender_id);
  if (gender !== undefined) patch.gender = String(gender);
  if (int(body.age_id) !== undefined) patch.age_id = int(body.age_id)!;
  if (int(body.area_id) !== undefined) patch.area_id = int(body.area_id)!;
  if (int(body.is_infomation) !== undefined) patch.is_infomation = int(body.is_infomation) === 1 ? 1 : 0;
  if (body.is_first_login !== undefined)
    patch.is_first_login = body.is_first_login === true || Number(body.is_first_login) === 1 ? 1 : 0;
  if (body.userBloodSettings) {
    const b = body.userBloodSettings;
    patch.blood_settings = JSON.stringify({
      bloodType: b.bloodType ?? null,
      personality: b.personality ?? null,
      sociability: b.sociability ?? null,
      degree: b.degree ?? null,
      expression: b.expression ?? null,
      aggression: b.aggression ?? null,
      fashion: b.fashion ?? null,
    });
  }
  if (body.userCharacterSettings) patch.character_tags = splitTags(body.userCharacterSettings.value).join(',');
  if (body.userSoundSettings) {
    const s = body.userSoundSettings;
    patch.sound_settings = JSON.stringify({
      setting1: s.setting1 ?? 30,
      setting2: s.setting2 ?? 50,
      setting3: s.setting3 ?? 40,
    });
  }
  if (body.userCharacterInputWord !== undefined) patch.input_word = body.userCharacterInputWord;
  if (body.userCharacterInputDetail !== undefined) patch.input_detail = body.userCharacterInputDetail;
  if (body.userAvatarRegisterInfo !== undefined)
    patch.avatar_register_info = JSON.stringify(body.userAvatarRegisterInfo);
  return patch;
}

/**
 * The new profile image from a request: a default avatar link (type 2) or an uploaded image
 * (types 1 and 3) checked by content and stored as a square JPEG. Undefined when none was sent.
 */
async function imageFrom(
  ctx: AppContext,
  user: User,
  type: ProfileUpdateBody['type'],
  data: string | undefined,
  side: number,
  crop?: { x: number; y: number; size: number },
): Promise<string | undefined> {
  if (data === undefined || data === '') {
    if (type !== undefined && Number(type) !== 2) throw fieldErrors({ profile_image_data: messages.imageRequired });
    return undefined;
  }
  if (Number(type) === 2) {
    const path = data.startsWith('/api/v1/') ? data : new URL(data, 'http://x').pathname;
    if (!parseAvatarPath(path)) throw fieldErrors({ profile_image_data: messages.invalidChoice });
    return path;
  }
  const bytes = decodeBase64Image(data);
  if (!bytes) throw fieldErrors({ profile_image_data: messages.imageType });
  const image = await squareJpeg(bytes, side, crop);
  if (image === 'type') throw fieldErrors({ profile_image_data: messages.imageType });
  if (image === 'too_small') throw fieldErrors({ profile_image_data: messages.imageTooSmall });
  // With S3_URL the bytes are an object (stored first: a row never names a missing one; an insert
  // that fails removes it again) and the row keeps none; the image route still finds the row first.
  const id = randomUUID();
  const object = ctx.objects ? { key: imageObjectKey(id), bytes: image.bytes, contentType: 'image/jpeg' } : undefined;
  const kept = object ? { ...image, bytes: Buffer.alloc(0) } : image;
  return putForRow(ctx, ctx.db, object, (db) => saveImage(db, id, user.id, kept, ctx.clock.now()));
}

/** The points service owns balances; the profile asks it rather than keeping a copy that could drift. */
async function balanceOf(ctx: AppContext, userId: string): Promise<number> {
  try {
    return (await ctx.bus.request(requests.balanceGet, { user_id: userId }, 2000)).balance;
  } catch (err) {
    ctx.log.error({ err, userId }, 'points balance unavailable');
    throw new AppError(503, 'points_unavailable', messages.unexpected);
  }
}

/**
 * The saved topic filter (owned by topics) that prefills the filter screen. The profile still
 * loads without it: the filter then starts from the user's own gender and age.
 */
async function filterHistoryOf(ctx: AppContext, userId: string): Promise<FilterHistory | undefined> {
  try {
    return await ctx.bus.request(requests.topicsFilterGet, { user_id: userId }, 1500);
  } catch (err) {
    ctx.log.warn({ err, userId }, 'topic filter history unavailable');
    return undefined;
  }
}
