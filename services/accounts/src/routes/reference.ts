import { avatarSvg, isAvatar } from '@honne/avatars';
import { profileEndpoints } from '@honne/contracts/profile';
import { CACHE_PUBLIC, notFound, ok, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { findImage } from '../db/repos/images.ts';
import { imageObjectKey } from '../domain/images.ts';

const UUID_JPG = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jpg$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function referenceRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Public and the same for everyone: the splash loads them before login, any cache may keep them.
  route(app, ctx, profileEndpoints.areas, async ({ reply }) => {
    void reply.header('cache-control', CACHE_PUBLIC);
    return ok(ctx.reference.areas);
  });
  route(app, ctx, profileEndpoints.ages, async ({ reply }) => {
    void reply.header('cache-control', CACHE_PUBLIC);
    return ok(ctx.reference.ages);
  });

  route(app, ctx, profileEndpoints.avatar, async ({ params, reply }) => {
    const number = Number(/^(\d{1,3})\.svg$/.exec(params.file)?.[1]);
    if (!isAvatar(params.gender, number)) throw notFound();
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', IMMUTABLE)
      .send(avatarSvg({ gender: params.gender, number }));
  });

  route(app, ctx, profileEndpoints.image, async ({ params, reply }) => {
    const id = UUID_JPG.exec(params.file)?.[1];
    const image = id && (await findImage(ctx.db, id));
    if (!image) throw notFound();
    const bytes = image.bytes.length > 0 ? image.bytes : await ctx.objects?.get(imageObjectKey(id));
    if (!bytes) throw notFound();
    // Image ids change with every upload, so a cached copy never goes stale.
    return reply
      .type(image.content_type)
      .header('cache-control', IMMUTABLE)
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}
