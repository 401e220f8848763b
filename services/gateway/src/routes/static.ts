import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import { messages } from '@honne/contracts';
import { errorEnvelope } from '@honne/service-kit';
import type { FastifyInstance, FastifyReply } from 'fastify';

import type { AppContext } from '../context.ts';
import { faviconIco } from '../favicon.ts';

/** Remotes the shell loads at run time through their mf-manifest.json. */
export const REMOTES = ['profile', 'topics', 'chat'] as const;

/**
 * The operators' console (frontends/console): a page of its own, not a remote of the shell. Its files
 * and client routes live under this prefix; anything under it that is not a file answers its index.html.
 */
export const CONSOLE_PREFIX = '/console';

/** webpack's `[contenthash]` in a file name: the file never changes under that name. */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Every file whose name carries no hash (index.html, main.js, remoteEntry.js, the manifests, sw.js,
 * the icons) names or is the current build: the browser keeps it but asks again each time, and the
 * ETag (send's, from size and mtime) makes that a 304 without a body while nothing changed.
 */
export const REVALIDATE = 'no-cache';

function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  // A precompressed variant (x.js.br) is cached as the file it stands for.
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  reply.header('cache-control', HASHED.test(name) ? IMMUTABLE : REVALIDATE);
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>honne</title></head>
<body style="font-family:sans-serif;padding:24px;line-height:1.6">
<h1>フロントエンドがまだビルドされていません</h1>
<p>リポジトリのルートで <code>pnpm build</code>(または <code>pnpm start</code>)を実行してから、もう一度開いてください。</p>
</body></html>`;

/**
 * The shell at `/` (any other GET that is not a file answers its index.html: the shell routes in
 * the browser) and each remote at `/remotes/<name>/`. A frontend not built yet is a warning, not
 * a crash: the API keeps working.
 */
export async function staticRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const shellDist = path.join(ctx.config.staticDir, 'shell', 'dist');
  const shellBuilt = existsSync(path.join(shellDist, 'index.html'));
  if (!shellBuilt) ctx.log.warn({ dir: shellDist }, 'shell frontend not built: / answers a notice until it is');

  await app.register(fastifyStatic, {
    root: shellBuilt ? shellDist : ctx.config.staticDir,
    serve: false,
    cacheControl: false,
    // The build writes .br and .gz beside each file (build-kit's CompressionPlugin): sent by Accept-Encoding.
    preCompressed: true,
    setHeaders: setCacheHeaders,
  });

  for (const remote of REMOTES) {
    const dist = path.join(ctx.config.staticDir, remote, 'dist');
    if (!existsSync(dist)) {
      ctx.log.warn({ dir: dist }, `${remote} frontend not built: /remotes/${remote}/ is not served`);
      continue;
    }
    await app.register(fastifyStatic, {
      root: dist,
      prefix: `/remotes/${remote}/`,
      decorateReply: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: setCacheHeaders,
    });
  }

  const consoleDist = path.join(ctx.config.staticDir, 'console', 'dist');
  const consoleBuilt = existsSync(path.join(consoleDist, 'index.html'));
  if (!consoleBuilt) ctx.log.warn({ dir: consoleDist }, `console frontend not built: ${CONSOLE_PREFIX} is not served`);

  // Drawn in code (see favicon.ts): browsers ask for it on every site, built or not. The BMP inside
  // packs well, so it is sent compressed too (4.4 KB → well under 1 KB on every first load).
  const favicon = faviconIco();
  const faviconBodies = { br: brotliCompressSync(favicon), gzip: gzipSync(favicon), identity: favicon };
  const faviconTag = `"${createHash('sha256').update(favicon).digest('base64url').slice(0, 16)}"`;
  app.get('/favicon.ico', (request, reply) => {
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
    reply.header('cache-control', 'public, max-age=86400').header('etag', faviconTag).header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === faviconTag) return reply.status(304).send();
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('image/x-icon').send(faviconBodies[encoding]);
  });

  app.get('/*', (request, reply) => {
    const url = request.url;
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);
    // Unknown API paths and missing remote files are 404s, never the shell's HTML.
    if (pathname.startsWith('/api/') || pathname.startsWith('/remotes/')) {
      return reply.status(404).send(errorEnvelope(404, 'not_found', messages.notFound));
    }
    if (pathname === CONSOLE_PREFIX || pathname.startsWith(`${CONSOLE_PREFIX}/`)) {
      if (!consoleBuilt)
        return reply
          .status(503)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(NOT_BUILT_PAGE);
      return sendFrom(reply, consoleDist, pathname.slice(CONSOLE_PREFIX.length) || '/');
    }
    if (!shellBuilt)
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_BUILT_PAGE);
    return sendFrom(reply, shellDist, pathname);
  });
}

/** A file under `root` by its path, or — for a path with no file extension — the app's index.html (client routes). */
function sendFrom(reply: FastifyReply, root: string, pathname: string) {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  if (last.includes('.')) {
    const file = safeDecode(pathname.slice(1));
    return file === undefined
      ? reply.status(404).send(errorEnvelope(404, 'not_found', messages.notFound))
      : reply.sendFile(file, root);
  }
  return reply.sendFile('index.html', root);
}

function safeDecode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}
