import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import webpack, { type Compilation, type Compiler } from 'webpack';

import { iconPng } from './icon.ts';
import { offlinePage, type OfflinePageStrings } from './offline-page.ts';
import { serviceWorkerScript } from './service-worker.ts';

export interface PwaOptions {
  /** The web app manifest's name, short_name and description. */
  name: string;
  shortName: string;
  description: string;
  /** Background and theme colour (the app's background token). */
  themeColor: string;
  offlinePage: OfflinePageStrings;
  /** The error of an API call the service worker answers without a network (contracts' messages.offline). */
  offlineMessage: string;
}

export const ICON_SIZES = [192, 512] as const;

/**
 * Host only: makes the shell installable. Emits the web app manifest, icons drawn in code, the
 * offline page, `/sw.js` (whose precache list is this build's shell files, and whose version is
 * their content hash) and the files of the frontend's `public/` folder (the shell's holds the
 * `sw-push.js` the service worker imports). Runs after index.html is written and before the
 * compression plugin, so the new files get their .br and .gz too.
 */
export class PwaPlugin {
  constructor(
    private readonly options: PwaOptions,
    private readonly dir: string,
  ) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('HonnePwa', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'HonnePwa', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => this.emit(compilation),
      );
    });
  }

  private emit(compilation: Compilation): void {
    const { options } = this;
    const add = (file: string, content: string | Buffer) =>
      compilation.emitAsset(file, new webpack.sources.RawSource(content));

    const icons = ICON_SIZES.map((size) => ({ file: `icons/icon-${size}.png`, size }));
    for (const { file, size } of icons) add(file, iconPng(size));
    add(
      'manifest.webmanifest',
      JSON.stringify(
        {
          name: options.name,
          short_name: options.shortName,
          description: options.description,
          lang: 'ja',
          dir: 'ltr',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          orientation: 'portrait',
          background_color: options.themeColor,
          theme_color: options.themeColor,
          icons: [
            ...icons.map(({ file, size }) => ({ src: `/${file}`, sizes: `${size}x${size}`, type: 'image/png' })),
            // The mark sits in the middle 60 %: the same picture is safe to mask.
            { src: `/${icons.at(-1)!.file}`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
        null,
        2,
      ),
    );
    add('offline.html', offlinePage(options.offlinePage));

    const publicDir = path.join(this.dir, 'public');
    if (existsSync(publicDir))
      for (const file of readdirSync(publicDir)) add(file, readFileSync(path.join(publicDir, file)));

    // index.html answers `/` (and every route); the rest are cached under their own names.
    const shellFiles = Object.keys(compilation.assets)
      .filter((file) => /\.(js|html|png|webmanifest)$/.test(file) && !/^(sw|sw-push)\.js$/.test(file))
      .sort();
    const hash = createHash('sha256');
    for (const file of shellFiles) hash.update(file).update(compilation.assets[file]!.source());
    const precache = ['/', '/favicon.ico', ...shellFiles.filter((f) => f !== 'index.html').map((f) => `/${f}`)];
    add(
      'sw.js',
      serviceWorkerScript({
        version: hash.digest('hex').slice(0, 16),
        precache,
        offlineMessage: options.offlineMessage,
      }),
    );
  }
}
