/**
 * Compiles a server's TypeScript entry points into one JavaScript file each (ADR 0012), run with
 * `node --enable-source-maps <outdir>/<entry>.js`: no tsx, no TypeScript, no workspace package
 * resolved at run time. `node scripts/build-server.mjs <outdir> <entry.ts>...`, paths relative
 * to the working directory (a service's package: `dist src/main.ts src/migrate.ts`).
 *
 * Everything is bundled, our packages and npm's, except what cannot be: sharp (a native add-on,
 * resolved from the service's own dependencies at run time) and optional native helpers nobody
 * installs. PGlite's WebAssembly and data files are copied next to the bundle, where its code
 * looks for them (`new URL('./pglite.wasm', import.meta.url)`).
 *
 * Lean at run time (issue 17), each measured on points against PostgreSQL/Redis/NATS, idle:
 * - entry points share chunks (`splitting`), and a dynamic import() stays a chunk of its own that
 *   is loaded only when called: PGlite is never read by a service on PostgreSQL, and main.js and
 *   migrate.js no longer carry two copies of the app (points' dist/: 81 → 23 MB);
 * - minified (names kept, so stack traces and `err.name` read as in the source), and source maps
 *   without the sources' text: `--enable-source-maps` parses the whole map at start-up, and the
 *   text only served debuggers (154 → 105 MB resident, −15 MB of it minifying).
 * <outdir>/package.json says the files are ES modules and names the modules left to run time
 * that the bundle really imports (sharp for accounts and chat), at the installed version: the
 * container images install exactly those (infra/Dockerfile.service).
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { build } from 'esbuild';

const args = process.argv.slice(2);
const withTemplate = args.includes('--pglite-template');
const [outdir, ...entries] = args.filter((a) => a !== '--pglite-template');
if (!outdir || entries.length === 0) {
  console.error('usage: node scripts/build-server.mjs <outdir> <entry.ts>... [--pglite-template]');
  process.exit(2);
}

const NATIVE = ['sharp', 'pg-native', 'bufferutil', 'utf-8-validate', 'cpu-features', 'ssh2'];

// CommonJS dependencies inside an ES module still call require() and read __dirname.
const BANNER = {
  js: [
    "import { createRequire as __honneRequire } from 'node:module';",
    "import { fileURLToPath as __honneFileUrl } from 'node:url';",
    'const require = __honneRequire(import.meta.url);',
    'const __filename = __honneFileUrl(import.meta.url);',
    "const __dirname = __filename.slice(0, __filename.lastIndexOf('/'));",
  ].join('\n'),
};

rmSync(outdir, { recursive: true, force: true });
const started = performance.now();
const result = await build({
  entryPoints: entries,
  outdir,
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  sourcesContent: false,
  splitting: true,
  minify: true,
  // Stack traces keep our names; the source maps point them at the TypeScript lines.
  keepNames: true,
  legalComments: 'none',
  external: NATIVE,
  // CommonJS dependencies inside an ES module still call require() and read __dirname.
  banner: BANNER,
  logLevel: 'warning',
  metafile: true,
});

// PGlite reads its WebAssembly and data files next to the module that loads it: now the bundle.
const bundled = Object.keys(result.metafile.inputs);
if (bundled.some((input) => input.includes('@electric-sql/pglite'))) {
  const kit = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'service-kit', 'package.json');
  const pgliteDir = path.dirname(createRequire(kit).resolve('@electric-sql/pglite'));
  for (const file of ['pglite.wasm', 'pglite.data', 'initdb.wasm']) {
    copyFileSync(path.join(pgliteDir, file), path.join(outdir, file));
  }
}

// A package that finds its own files next to its source would break silently in the bundle: refuse it.
for (const output of Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'))) {
  const text = readFileSync(output, 'utf8');
  for (const [, file] of text.matchAll(/new URL\(\s*["']\.?\/?([\w.-]+)["'],\s*import\.meta\.url\s*\)/g)) {
    if (!existsSync(path.join(outdir, file)))
      throw new Error(`${output} reads ${file} next to itself, and it is not there`);
  }
}

// --pglite-template (the embedded start): a fresh data directory, made once here, that the first start
// loads instead of running initdb (service-kit's pglite.ts says why). Made by a throw-away bundle of
// the kit's writer, run in a process of its own next to PGlite's files.
if (withTemplate) {
  const repo = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
  const kit = path.join(repo, 'packages', 'service-kit');
  // Made again only when PGlite or the kit's code that makes it changes (~10 s of initdb otherwise on every build).
  const pgliteVersion = installedVersion(createRequire(path.join(kit, 'package.json')), '@electric-sql/pglite');
  const key = createHash('sha256')
    .update(pgliteVersion)
    .update(readFileSync(path.join(kit, 'src', 'pglite.ts')))
    .digest('hex')
    .slice(0, 16);
  const cached = path.join(repo, 'node_modules', '.cache', 'honne', `pglite-template-${key}.tar.gz`);
  if (!existsSync(cached)) {
    mkdirSync(path.dirname(cached), { recursive: true });
    const writer = path.join(outdir, '.pglite-template-writer.mjs');
    await build({
      stdin: {
        contents: "import { writePgliteTemplate } from './src/pglite.ts'; await writePgliteTemplate(process.argv[2]);",
        resolveDir: kit,
        loader: 'ts',
      },
      outfile: writer,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      banner: BANNER,
      logLevel: 'warning',
    });
    const made = spawnSync(process.execPath, [writer, `${cached}.tmp`], { stdio: 'inherit' });
    rmSync(writer);
    if (made.status !== 0) throw new Error(`writing the PGlite template failed (exit ${made.status})`);
    renameSync(`${cached}.tmp`, cached);
  }
  copyFileSync(cached, path.join(outdir, 'pglite-template.tar.gz'));
}

// The modules the bundle leaves to run time, as the service resolves them now (optional ones it
// does not install, such as pg-native, stay absent: their importers fall back without them).
const from = createRequire(path.resolve('package.json'));
const dependencies = {};
for (const output of Object.values(result.metafile.outputs)) {
  for (const { path: name, external } of output.imports) {
    if (!external || name.startsWith('node:') || !NATIVE.includes(name)) continue;
    const version = installedVersion(from, name);
    if (version) dependencies[name] = version;
  }
}
writeFileSync(
  path.join(outdir, 'package.json'),
  `${JSON.stringify({ type: 'module', private: true, dependencies }, null, 2)}\n`,
);

/** The version of package `name` as `require` resolves it (its package.json need not be exported), or undefined. */
function installedVersion(require, name) {
  let dir;
  try {
    dir = path.dirname(require.resolve(name));
  } catch {
    return undefined; // not installed here: an optional import
  }
  for (; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name: found, version } = JSON.parse(readFileSync(manifest, 'utf8'));
      if (found === name) return version;
    }
  }
  throw new Error(`no package.json of ${name} above ${require.resolve(name)}`);
}

const ms = Math.round(performance.now() - started);
console.log(`built ${entries.join(', ')} → ${outdir}/ in ${ms} ms`);
