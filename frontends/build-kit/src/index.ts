import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import CompressionPlugin from 'compression-webpack-plugin';
import { EsbuildPlugin } from 'esbuild-loader';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack, { type Compiler, type Configuration } from 'webpack';

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
  'react-router': { singleton: true, requiredVersion: '^7.9.0' },
  '@honne/ui': { singleton: true, requiredVersion: false },
  '@honne/api-client': { singleton: true, requiredVersion: false },
} as const;

/** Where the gateway serves a remote's dist (and so the remote's publicPath). */
export const remotePublicPath = (name: string) => `/remotes/${name}/`;
export const remoteManifestUrl = (name: string) => `${remotePublicPath(name)}mf-manifest.json`;

export interface FrontendOptions {
  /** Module Federation name: 'shell', 'profile', 'topics', 'chat'. */
  name: string;
  /** The frontend's folder (import.meta.dirname of its webpack.config.ts). */
  dir: string;
  kind: 'host' | 'remote';
  /** Remotes only: './Login' → './src/features/login/Login.tsx'. */
  exposes?: Record<string, string>;
  title?: string;
}

export function createFrontendConfig(options: FrontendOptions): Configuration {
  const { name, dir, kind } = options;
  const publicPath = kind === 'host' ? '/' : remotePublicPath(name);
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
      new PublicFilesPlugin(path.join(dir, 'public')),
      new ModuleFederationPlugin({
        name,
        ...(kind === 'remote' ? { filename: 'remoteEntry.js', exposes: options.exposes ?? {} } : {}),
        // The shell registers the remotes at run time (src/remotes.ts): nothing remote is built in.
        remotes: {},
        shared: SHARED,
        manifest: true,
        dts: false,
      }),
      ...(kind === 'host'
        ? [
            new HtmlWebpackPlugin({
              templateContent: htmlTemplate(options.title ?? '本音'),
              inject: 'body',
              scriptLoading: 'defer',
              hash: true,
            }),
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

/**
 * Files of a frontend's `public/` folder, emitted as they are at the root of its dist: scripts the
 * browser must find under a fixed name and that no bundle imports (the shell's service worker parts,
 * `/sw-push.js`, which a service worker loads with importScripts).
 */
class PublicFilesPlugin {
  constructor(private readonly folder: string) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('PublicFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PublicFilesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          if (!existsSync(this.folder)) return;
          for (const name of readdirSync(this.folder)) {
            const file = path.join(this.folder, name);
            compilation.fileDependencies.add(file);
            // As written: no minifier or source map of their own (the worker loads them by name).
            compilation.emitAsset(name, new webpack.sources.RawSource(readFileSync(file)), { minimized: true });
          }
        },
      );
    });
  }
}

function htmlTemplate(title: string): string {
  return `<!doctype html>
<html lang="ja">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="theme-color" content="#FBF7F4" />
    <meta name="description" content="心の声を届ける、本音のSNS" />
    <title>${title}</title>
    <style>
      html, body { margin: 0; background: #F4EDE8; }
      #root:empty::before {
        content: ""; display: block; width: 36px; height: 36px; margin: 45vh auto 0;
        border-radius: 50%; border: 3px solid #FBE9E4; border-top-color: #B4503C;
        animation: boot-spin 0.8s linear infinite;
      }
      @keyframes boot-spin { to { transform: rotate(360deg); } }
    </style>
  </head>
  <body>
    <noscript>本音を利用するには JavaScript を有効にしてください。</noscript>
    <div id="root"></div>
  </body>
</html>`;
}
