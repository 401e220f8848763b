import { describe, expect, it } from 'vitest';

import { inBubble, inHeart, sampleMark } from '../src/index.ts';

describe("honne's mark", () => {
  it('is a bubble with a tail at the lower left, holding a heart', () => {
    expect(inBubble(0.5, 0.44)).toBe(true);
    expect(inBubble(0.25, 0.8)).toBe(true); // the tail
    expect(inBubble(0.8, 0.85)).toBe(false); // no tail on the right
    expect(inBubble(0.02, 0.02)).toBe(false);
    expect(inHeart(0.5, 0.5)).toBe(true);
    expect(inHeart(0.5, 0.25)).toBe(false); // the notch between the lobes
    expect(inHeart(0.4, 0.38)).toBe(true); // a lobe
    expect(inHeart(0.2, 0.44)).toBe(false);
  });

  it('samples each pixel: corners empty, the centre inside the heart, edges partly covered', () => {
    const mark = sampleMark(32, { samples: 4 });
    expect(mark.perPixel).toBe(16);
    const at = (col: number, row: number) => [mark.bubble[row * 32 + col], mark.heart[row * 32 + col]];
    expect(at(0, 0)).toEqual([0, 0]);
    expect(at(16, 16)).toEqual([16, 16]);
    expect(at(6, 14)).toEqual([16, 0]);
    const partial = [...mark.bubble].filter((n) => n > 0 && n < 16);
    expect(partial.length).toBeGreaterThan(0);
  });

  it('shrinks about the centre with a scale, leaving the border empty', () => {
    const mark = sampleMark(100, { samples: 2, scale: 0.6 });
    for (let i = 0; i < 100; i++) {
      expect(mark.bubble[19 * 100 + i]).toBe(0); // above the mark
      expect(mark.bubble[i * 100 + 19]).toBe(0); // left of it
    }
    expect(mark.heart[50 * 100 + 50]).toBe(4);
  });
});
