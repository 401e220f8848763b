import { describe, expect, it } from 'vitest';

import {
  AGE_BANDS,
  AVATAR_COUNTS,
  avatarPath,
  avatarsFor,
  avatarSvg,
  isAvatar,
  parseAvatarPath,
} from '../src/index.ts';

describe('default avatars', () => {
  it('has 75 male and 76 female avatars, all distinct drawings', () => {
    for (const gender of ['male', 'female'] as const) {
      const svgs = new Set<string>();
      for (let n = 1; n <= AVATAR_COUNTS[gender]; n++) svgs.add(avatarSvg({ gender, number: n }));
      expect(svgs.size).toBe(AVATAR_COUNTS[gender]);
    }
    expect(AVATAR_COUNTS).toEqual({ male: 75, female: 76 });
  });

  it('spreads every avatar over the six age bands', () => {
    for (const gender of ['male', 'female'] as const) {
      const perBand = AGE_BANDS.map((band) => avatarsFor(gender, band).length);
      expect(perBand.reduce((a, b) => a + b)).toBe(AVATAR_COUNTS[gender]);
      expect(Math.min(...perBand)).toBeGreaterThanOrEqual(12);
    }
  });

  it('parses only real avatar paths', () => {
    expect(parseAvatarPath(avatarPath({ gender: 'male', number: 75 }))).toEqual({ gender: 'male', number: 75 });
    expect(parseAvatarPath('/api/v1/users/avatars/male/76.svg')).toBeUndefined();
    expect(parseAvatarPath('/api/v1/users/avatars/female/76.svg')).toEqual({ gender: 'female', number: 76 });
    expect(parseAvatarPath('https://evil.example/avatars/male/1.svg')).toBeUndefined();
    expect(isAvatar('female', 0)).toBe(false);
  });

  it('draws valid, labelled SVG', () => {
    const svg = avatarSvg({ gender: 'female', number: 10 });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('aria-label="女性のアバター 10"');
  });
});
