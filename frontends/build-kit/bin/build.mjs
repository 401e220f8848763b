#!/usr/bin/env node
// Builds the frontend in the current folder from its webpack.config.ts (loaded through tsx, so the
// config stays TypeScript without webpack-cli's loader guessing).
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { register } from 'tsx/esm/api';
import webpack from 'webpack';

register();
const configPath = path.resolve(process.cwd(), 'webpack.config.ts');
const { default: config } = await import(pathToFileURL(configPath).href);
const started = Date.now();

webpack(config, (err, stats) => {
  if (err) {
    console.error(err);
    process.exit(1);
  }
  const info = stats.toString({ colors: false, preset: 'errors-warnings' });
  if (info.trim()) console.log(info);
  if (stats.hasErrors()) process.exit(1);
  console.log(`built ${path.basename(process.cwd())} → dist in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
