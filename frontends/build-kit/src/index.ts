import { createRequire } from 'node:module';
import path from 'node:path';

import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import CompressionPlugin from 'compression-webpack-plugin';
import { EsbuildPlugin } from 'esbuild-loader';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import type { Compilation, Configuration } from 'webpack';

import { CONTRACTS_SOURCE } from './browser-contracts.ts';
import { PwaPlugin, type PwaOptions } from './pwa/plugin.ts';

export type { PwaOptions } from './pwa/plugin.ts';

// Loaders resolve from this package, so a frontend needs no build dependencies of its own.
const require = createRequire(import.meta.url);

/**
 * Shared as singletons by the shell and every remote: one React, one router, one UI kit (one
 * popup context, one stylesheet) and one API client (one session, one 401 handler).
 * `react/` and `react-dom/` share their subpaths too (jsx-runtime, react-dom/client).
 */
export const SHARED = {
  react: { singleton: true, requiredVersion: '^19.1.0' },
  'react/': { singleton: true, requiredVersion: '^19.1.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.1.0' },
  'react-dom/': { singleton: true, requiredVersion: '^19.1.0' },
  // One router, so one location and one set of route parameters for the shell and every remote
  // (docs/adr/0016-a-small-router.md): a screen in a remote reads the shell's route's parameters.
  // `wouter/use-browser-location` (useHistoryState, in four screens) is left to each remote: it holds
  // nothing that must be one (it patches history once per page by itself), and shared it would cost
  // those screens two more requests.
  wouter: { singleton: true, requiredVersion: '^3.13.0' },
  '@honne/ui': { singleton: true, requiredVersion: false },
  '@honne/api-client': { singleton: true, requiredVersion: false },
  // No @sinclair/typebox: the browser builds of the contracts carry no schemas (browser-contracts.ts).
} as const;

/** Where the gateway serves a remote's dist (and so the remote's publicPath). */
export const remotePublicPath = (name: string) => `/remotes/${name}/`;
export const remoteManifestUrl = (name: string) => `${remotePublicPath(name)}mf-manifest.json`;

export interface FrontendOptions {
  /** Module Federation name: 'shell', 'profile', 'topics', 'chat'. */
  name: string;
  /** The frontend's folder (import.meta.dirname of its webpack.config.ts). */
  dir: string;
  /**
   * 'host' (the shell) and 'remote' join the users' app through Module Federation; 'app' is a page
   * of its own (the operators' console): one bundle at `publicPath`, no federation, no PWA.
   */
  kind: 'host' | 'remote' | 'app';
  /** Apps only: where the gateway serves the dist ('/console/'). */
  publicPath?: string;
  /** Remotes only: './Login' → './src/features/login/Login.tsx'. */
  exposes?: Record<string, string>;
  title?: string;
  /** Host only: a script index.html runs first, before main.js (the shell's first-route preloader). */
  headScript?: string;
  /** Host only: web app manifest, icons, offline page and service worker (pwa/plugin.ts). */
  pwa?: PwaOptions;
}

export function createFrontendConfig(options: FrontendOptions): Configuration {
  const { name, dir, kind } = options;
  const publicPath =
    kind === 'host' ? '/' : kind === 'app' ? (options.publicPath ?? `/${name}/`) : remotePublicPath(name);
  return {
    mode: 'production',
    context: dir,
    entry: { main: './src/main.ts' },
    output: {
      path: path.join(dir, 'dist'),
      publicPath,
      uniqueName: `honne_${name}`,
      // Entry files keep plain names (the federation runtime cannot hash its own entry); every
      // other chunk is content-hashed, so only index.html, main.js and the manifests need revalidating.
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: {
      rules: [
        // The contracts without their TypeBox schemas, before esbuild-loader strips the types.
        { test: CONTRACTS_SOURCE, enforce: 'pre', loader: path.join(import.meta.dirname, 'browser-contracts.ts') },
        {
          test: /\.[cm]?tsx?$/,
          loader: require.resolve('esbuild-loader'),
          options: { target: 'es2020', jsx: 'automatic' },
        },
      ],
    },
    devtool: 'source-map',
    performance: { hints: false },
    optimization: {
      // No IIFE wrapper: a remote's remoteEntry.js must leave its container in a global variable.
      minimizer: [new EsbuildPlugin({ target: 'es2020', css: false, format: undefined })],
    },
    plugins: [
      ...(kind === 'app' ? [] : [federation(options)]),
      ...(kind === 'host' || kind === 'app'
        ? [
            new HtmlWebpackPlugin({
              templateContent: ({ compilation }: { [option: string]: unknown }) =>
                htmlTemplate(
                  options.title ?? '本音',
                  options.headScript ?? '',
                  bootstrapFiles(compilation as Compilation, publicPath),
                  options.pwa !== undefined,
                ),
              inject: 'body',
              scriptLoading: 'defer',
              // main.js is revalidated by its ETag (the gateway): no query string needed to see a deploy.
              hash: false,
            }),
            ...(options.pwa ? [new PwaPlugin(options.pwa, dir)] : []),
          ]
        : []),
      // Brotli and gzip beside each file worth it (x.js → x.js.br, x.js.gz): the gateway sends them by
      // Accept-Encoding (@fastify/static preCompressed), so a phone downloads a fraction of the bytes
      // and no request pays for compressing on the fly.
      ...(['brotliCompress', 'gzip'] as const).map(
        (algorithm) =>
          new CompressionPlugin({
            algorithm,
            filename: algorithm === 'gzip' ? '[path][base].gz' : '[path][base].br',
            test: /\.(js|css|html|json|svg)$/,
            threshold: 1024,
            minRatio: 0.9,
          }),
      ),
    ],
    stats: 'errors-warnings',
  };
}

function federation(options: FrontendOptions) {
  const { name, kind } = options;
  return new ModuleFederationPlugin({
    name,
    ...(kind === 'remote' ? { filename: 'remoteEntry.js', exposes: options.exposes ?? {} } : {}),
    // The shell registers the remotes at run time (src/remotes.ts): nothing remote is built in.
    remotes: {},
    shared: SHARED,
    manifest: true,
    dts: false,
    // One federation runtime per page: the shell's main.js provides it and each remoteEntry.js
    // uses it, instead of carrying its own copy (about 26 KB compressed per remote).
    experiments: {
      ...(kind === 'host' ? { provideExternalRuntime: true } : { externalRuntime: true }),
      optimization: { target: 'web' },
    },
  });
}

/**
 * The chunks main.js asks for as soon as it runs (its `import('./bootstrap')`): index.html preloads
 * them, so they download beside main.js instead of after it. As URLs under the frontend's publicPath.
 */
function bootstrapFiles(compilation: Compilation, publicPath: string): string[] {
  // main.js first: a deferred script is fetched at low priority, after every preload.
  const files = new Set<string>(['main.js']);
  for (const group of compilation.entrypoints.get('main')?.getChildren() ?? [])
    for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
  return [...files].map((file) => `${publicPath}${file}`);
}

function htmlTemplate(title: string, headScript: string, preloads: string[], pwa: boolean): string {
  const installable = pwa
    ? `<link rel="manifest" href="/manifest.webmanifest" />
    <link rel="icon" href="/favicon.ico" sizes="32x32" />
    <link rel="apple-touch-icon" href="/icons/icon-192.png" />`
    : '';
  return `<!doctype html>
<html lang="ja">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="theme-color" content="#FBF7F4" />
    <meta name="description" content="心の声を届ける、本音のSNS" />
    <title>${title}</title>
    ${installable}
    <style>
      html, body { margin: 0; background: #F4EDE8; }
      #root:empty::before {
        content: ""; display: block; width: 36px; height: 36px; margin: 45vh auto 0;
        border-radius: 50%; border: 3px solid #FBE9E4; border-top-color: #B4503C;
        animation: boot-spin 0.8s linear infinite;
      }
      @keyframes boot-spin { to { transform: rotate(360deg); } }
    </style>
    ${preloads.map((file) => `<link rel="preload" as="script" href="${file}" />`).join('\n    ')}
    ${headScript ? `<script>${headScript}</script>` : ''}
  </head>
  <body>
    <noscript>本音を利用するには JavaScript を有効にしてください。</noscript>
    <div id="root"></div>
  </body>
</html>`;
}
