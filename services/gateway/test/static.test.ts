import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';

import { messages } from '@honne/contracts';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { Harness, type StartedGateway } from './helpers.ts';

const BIG = `var words = ${JSON.stringify('本音のSNS '.repeat(2000))};`;

function fakeFrontends(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'honne-frontends-'));
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  };
  write('shell/dist/index.html', '<!doctype html><title>shell</title><div id="root"></div>');
  write('shell/dist/main.3f9a0c1d2b.js', 'console.log("shell")');
  write('shell/dist/favicon.svg', '<svg/>');
  write('shell/dist/main.js', 'console.log("boot")');
  write('shell/dist/sw.js', 'self.addEventListener("fetch", () => {});');
  write('shell/dist/manifest.webmanifest', '{"name":"本音"}');
  write('profile/dist/mf-manifest.json', '{"name":"profile"}');
  write('profile/dist/remoteEntry.js', 'var profile;');
  write('profile/dist/static/js/123.9b1e44aa01.js', 'chunk');
  // A built chunk with the variants the build writes beside it (build-kit's CompressionPlugin).
  writeFileSync(path.join(dir, 'profile/dist/static/js/456.a1b2c3d4e5.js'), BIG);
  writeFileSync(path.join(dir, 'profile/dist/static/js/456.a1b2c3d4e5.js.br'), brotliCompressSync(BIG));
  writeFileSync(path.join(dir, 'profile/dist/static/js/456.a1b2c3d4e5.js.gz'), gzipSync(BIG));
  writeFileSync(path.join(dir, 'profile/dist/remoteEntry.js.br'), brotliCompressSync('var profile;'));
  // The operators' console: a page of its own under /console/ (no federation).
  write('console/dist/index.html', '<!doctype html><title>console</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'console/dist/main.js'), BIG);
  writeFileSync(path.join(dir, 'console/dist/main.js.br'), brotliCompressSync(BIG));
  // topics and chat are not built: the gateway still starts.
  return dir;
}

/** The bytes and headers as sent: node's http client decodes nothing and adds no headers. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe.each(infraModes())('gateway static frontends ($name)', (mode) => {
  let h: Harness;
  let gw: StartedGateway;

  beforeAll(async () => {
    h = await Harness.start(mode);
    gw = await h.gateway({ staticDir: fakeFrontends() });
  });
  afterAll(() => h?.close());

  it('serves favicon.ico, drawn in code: a 32×32 icon, coral with a white heart', async () => {
    const res = await fetch(`${gw.url}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/x-icon');
    const ico = Buffer.from(await res.arrayBuffer());
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 1]);
    expect([ico[6], ico[7], ico.readUInt16LE(12)]).toEqual([32, 32, 32]);
    // The BMP rows are bottom-up BGRA after the 40-byte header; (x, y) from the top left.
    const pixel = (x: number, y: number) => {
      const i = 22 + 40 + ((31 - y) * 32 + x) * 4;
      return { b: ico[i]!, g: ico[i + 1]!, r: ico[i + 2]!, a: ico[i + 3]! };
    };
    expect(pixel(0, 0).a).toBe(0); // transparent corner
    expect(pixel(16, 14)).toEqual({ b: 255, g: 255, r: 255, a: 255 }); // the heart
    expect(pixel(6, 12)).toMatchObject({ r: 0xc8, a: 255 }); // the bubble
  });

  it('serves the shell at / and falls back to index.html for client-side routes', async () => {
    for (const page of ['/', '/login', '/registration-information', '/chat/room/42?x=1']) {
      const res = await fetch(`${gw.url}${page}`);
      expect(res.status, page).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>shell</title>');
    }
  });

  it('serves hashed assets for a year, immutable, and revalidates every file without a hash', async () => {
    const hashed = await fetch(`${gw.url}/main.3f9a0c1d2b.js`);
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Unhashed: the shell's entry, the service worker, the web app manifest, the icons.
    for (const file of ['/main.js', '/sw.js', '/manifest.webmanifest', '/favicon.svg']) {
      const res = await fetch(`${gw.url}${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('cache-control'), file).toBe('no-cache');
      expect(res.headers.get('etag'), file).toBeTruthy();
    }
    expect((await fetch(`${gw.url}/manifest.webmanifest`)).headers.get('content-type')).toContain(
      'application/manifest+json',
    );
    expect((await fetch(`${gw.url}/missing.js`)).status).toBe(404);
  });

  // Revalidation is cheap: the ETag comes back and the answer is a 304 with no body, for every class.
  // Node's http client, not fetch: fetch adds `cache-control: no-cache` to a request carrying
  // If-None-Match (a reload, which must not be answered 304), and browsers revalidate without it.
  it('answers a matching If-None-Match with 304 for the shell, entries, hashed chunks, variants and the favicon', async () => {
    const urls = [
      '/',
      '/login',
      '/main.js',
      '/main.3f9a0c1d2b.js',
      '/remotes/profile/mf-manifest.json',
      '/remotes/profile/remoteEntry.js',
      '/remotes/profile/static/js/456.a1b2c3d4e5.js',
      '/favicon.ico',
    ];
    for (const encoding of ['br', 'identity']) {
      for (const url of urls) {
        const first = await rawGet(`${gw.url}${url}`, { 'accept-encoding': encoding });
        expect(first.status, url).toBe(200);
        const etag = first.headers.etag;
        expect(etag, url).toBeTruthy();
        const again = await rawGet(`${gw.url}${url}`, { 'accept-encoding': encoding, 'if-none-match': etag! });
        expect(again.status, `${url} (${encoding})`).toBe(304);
        expect(again.body.length, url).toBe(0);
        expect(again.headers['cache-control'], url).toBe(first.headers['cache-control']);
        // A stale tag gets the file again.
        const stale = await rawGet(`${gw.url}${url}`, { 'accept-encoding': encoding, 'if-none-match': '"stale"' });
        expect(stale.status, url).toBe(200);
      }
    }
  });

  it('serves the console at /console with its own index.html for its client routes, never the shell', async () => {
    for (const page of ['/console', '/console/', '/console/subjects/42?report=7', '/console/appeals']) {
      const res = await fetch(`${gw.url}${page}`);
      expect(res.status, page).toBe(200);
      expect(res.headers.get('cache-control'), page).toBe('no-cache');
      expect(await res.text(), page).toContain('<title>console</title>');
    }
    const main = await rawGet(`${gw.url}/console/main.js`, { 'accept-encoding': 'br' });
    expect(main.status).toBe(200);
    expect(main.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(main.body).toString()).toBe(BIG);
    expect((await fetch(`${gw.url}/console/missing.js`)).status).toBe(404);
    // A path that only starts with the word is the shell's.
    expect(await (await fetch(`${gw.url}/consoles`)).text()).toContain('<title>shell</title>');
  });

  it('serves built remotes under /remotes/<name>/ with their manifest never cached', async () => {
    const manifest = await fetch(`${gw.url}/remotes/profile/mf-manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${gw.url}/remotes/profile/remoteEntry.js`)).headers.get('cache-control')).toBe('no-cache');
    const chunk = await fetch(`${gw.url}/remotes/profile/static/js/123.9b1e44aa01.js`);
    expect(chunk.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${gw.url}/remotes/chat/mf-manifest.json`)).status).toBe(404);
  });

  // Issue 14: compressed at build time, chosen by Accept-Encoding, cached as the file is.
  it('sends the brotli or gzip variant a browser accepts, and the file itself to one that takes neither', async () => {
    const url = `${gw.url}/remotes/profile/static/js/456.a1b2c3d4e5.js`;
    // The bytes as sent (fetch would decode them).
    const get = (encoding: string) => rawGet(url, { 'accept-encoding': encoding });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body.length).toBeLessThan(Buffer.byteLength(BIG) / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(BIG);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(BIG);
    // An entry file's variant is revalidated like the entry itself, or a deploy would go unseen.
    const entry = await fetch(`${gw.url}/remotes/profile/remoteEntry.js`, { headers: { 'accept-encoding': 'br' } });
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG);
    // The favicon, drawn in code, is compressed the same way.
    const icon = await rawGet(`${gw.url}/favicon.ico`, { 'accept-encoding': 'gzip, br' });
    const iconPlain = await rawGet(`${gw.url}/favicon.ico`, {});
    expect(icon.headers['content-encoding']).toBe('br');
    expect(icon.body.length).toBeLessThan(iconPlain.body.length / 3);
    expect(brotliDecompressSync(icon.body)).toEqual(iconPlain.body);
  });

  it('never answers an API path with the shell', async () => {
    const res = await fetch(`${gw.url}/api/v1/unknown/page`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: messages.notFound });
  });

  it('says in Japanese that the frontend is not built when the dist folders are missing', async () => {
    const bare = await h.gateway();
    const res = await fetch(`${bare.url}/`);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('フロントエンドがまだビルドされていません');
    // The API still works.
    expect((await fetch(`${bare.url}/api/v1/openapi.json`)).status).toBe(200);
  });
});
