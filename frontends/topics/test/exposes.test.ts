import { existsSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { mfConfig } from '../module-federation.config.ts';

describe('module federation config', () => {
  it('exposes files that exist, served from /remotes/<name>/', () => {
    for (const file of Object.values(mfConfig.exposes))
      expect(existsSync(path.join(import.meta.dirname, '..', file)), file).toBe(true);
    expect(mfConfig.kind).toBe('remote');
  });
});
