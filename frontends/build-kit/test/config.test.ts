import { describe, expect, it } from 'vitest';

import { SHARED, createFrontendConfig, remoteManifestUrl } from '../src/index.ts';

describe('createFrontendConfig', () => {
  it('serves a remote from /remotes/<name>/ with its manifest', () => {
    const config = createFrontendConfig({
      name: 'profile',
      dir: '/x/profile',
      kind: 'remote',
      exposes: { './A': './a.ts' },
    });
    expect(config.output?.publicPath).toBe('/remotes/profile/');
    expect(config.output?.path).toBe('/x/profile/dist');
    expect(remoteManifestUrl('profile')).toBe('/remotes/profile/mf-manifest.json');
  });

  it('serves the shell from / and builds its index.html', () => {
    const config = createFrontendConfig({ name: 'shell', dir: '/x/shell', kind: 'host' });
    expect(config.output?.publicPath).toBe('/');
    expect(config.plugins?.some((p) => p?.constructor?.name === 'HtmlWebpackPlugin')).toBe(true);
  });

  it('shares React, the router, the UI kit and the API client as singletons', () => {
    for (const name of ['react', 'react-dom', 'wouter', '@honne/ui', '@honne/api-client'] as const) {
      expect(SHARED[name].singleton).toBe(true);
    }
  });
});
