import { inflateSync } from 'node:zlib';

import { MARK_CORAL as CORAL } from '@honne/mark';
import { describe, expect, it } from 'vitest';

import { createFrontendConfig } from '../src/index.ts';
import { iconPng } from '../src/pwa/icon.ts';
import { serviceWorkerScript } from '../src/pwa/service-worker.ts';

/** Reads back an 8-bit RGBA PNG without filters (what iconPng writes). */
function decode(png: Buffer) {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idat: Buffer[] = [];
  for (let o = 8; o < png.length;) {
    const length = png.readUInt32BE(o);
    if (png.toString('latin1', o + 4, o + 8) === 'IDAT') idat.push(png.subarray(o + 8, o + 8 + length));
    o += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const pixel = (x: number, y: number) => [
    ...raw.subarray(y * (width * 4 + 1) + 1 + x * 4, y * (width * 4 + 1) + 5 + x * 4),
  ];
  return { width, height, pixel };
}

describe('installable app', () => {
  it('draws the icon in code: a coral square, a white bubble, a coral heart, all inside the maskable safe zone', () => {
    for (const size of [192, 512]) {
      const icon = decode(iconPng(size));
      expect([icon.width, icon.height]).toEqual([size, size]);
      expect(icon.pixel(0, 0)).toEqual([...CORAL, 255]);
      // Left of the heart, inside the bubble: white. The heart's middle: coral again.
      expect(icon.pixel(Math.round(size * 0.3), Math.round(size * 0.45))).toEqual([255, 255, 255, 255]);
      expect(icon.pixel(Math.round(size * 0.5), Math.round(size * 0.45))).toEqual([...CORAL, 255]);
      // Outside the central 80 % (what a mask may cut) there is only background.
      for (let i = 0; i < size; i += 7) expect(icon.pixel(i, Math.round(size * 0.09))).toEqual([...CORAL, 255]);
    }
  });

  it('writes a service worker that parses, guards the push import and answers offline API calls in the spec shape', () => {
    const script = serviceWorkerScript({ version: 'abc', precache: ['/', '/main.js'], offlineMessage: 'オフライン' });
    expect(() => new Function(script)).not.toThrow();
    expect(script).toMatch(/try \{\s*importScripts\('\/sw-push\.js'\);\s*\} catch/);
    expect(script).toContain("'honne-shell-' + VERSION");
    expect(script).toContain(
      JSON.stringify(
        JSON.stringify({ data: null, status: 503, error: 'オフライン', code: 'offline', last_doc_id: null }),
      ),
    );
    expect(script).not.toContain('skipWaiting();\n});'); // never skips waiting by itself
  });

  it('adds the PWA plugin to the shell only when asked', () => {
    const pwa = {
      name: '本音',
      shortName: '本音',
      description: 'x',
      themeColor: '#FBF7F4',
      offlinePage: { title: 'a', body: 'b', retry: 'c' },
      offlineMessage: 'd',
    };
    const names = (c: ReturnType<typeof createFrontendConfig>) => c.plugins?.map((p) => p?.constructor?.name);
    expect(names(createFrontendConfig({ name: 'shell', dir: '/x/shell', kind: 'host', pwa }))).toContain('PwaPlugin');
    expect(names(createFrontendConfig({ name: 'shell', dir: '/x/shell', kind: 'host' }))).not.toContain('PwaPlugin');
  });
});
