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
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { build } from 'esbuild';

const [outdir, ...entries] = process.argv.slice(2);
if (!outdir || entries.length === 0) {
  console.error('usage: node scripts/build-server.mjs <outdir> <entry.ts>...');
  process.exit(2);
}

const NATIVE = ['sharp', 'pg-native', 'bufferutil', 'utf-8-validate', 'cpu-features', 'ssh2'];

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
  banner: {
    js: [
      "import { createRequire as __honneRequire } from 'node:module';",
      "import { fileURLToPath as __honneFileUrl } from 'node:url';",
      'const require = __honneRequire(import.meta.url);',
      'const __filename = __honneFileUrl(import.meta.url);',
      "const __dirname = __filename.slice(0, __filename.lastIndexOf('/'));",
    ].join('\n'),
  },
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

// The modules the bundle leaves to run time, as the service resolves them now (optional ones it
// does not install, such as pg-native, stay absent: their importers fall back without them).
const from = createRequire(path.resolve('package.json'));
const dependencies = {};
for (const output of Object.values(result.metafile.outputs)) {
  for (const { path: name, external } of output.imports) {
    if (!external || name.startsWith('node:') || !NATIVE.includes(name)) continue;
    try {
      dependencies[name] = JSON.parse(readFileSync(from.resolve(`${name}/package.json`), 'utf8')).version;
    } catch {
      // not installed here: an optional import
    }
  }
}
writeFileSync(
  path.join(outdir, 'package.json'),
  `${JSON.stringify({ type: 'module', private: true, dependencies }, null, 2)}\n`,
);

const ms = Math.round(performance.now() - started);
console.log(`built ${entries.join(', ')} → ${outdir}/ in ${ms} ms`);
