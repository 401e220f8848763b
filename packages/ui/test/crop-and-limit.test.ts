import { describe, expect, it } from 'vitest';

import {
  clampCrop,
  cropRect,
  fitWithin,
  initialCrop,
  isOverLimit,
  maxZoom,
  nextLimitedText,
  panCrop,
  textLength,
  viewTransform,
} from '../src/index.ts';

describe('square crop maths (source pixels)', () => {
  it('starts with the largest centred square', () => {
    expect(cropRect(initialCrop(400, 300), 400, 300)).toEqual({ x: 50, y: 0, size: 300 });
    expect(cropRect(initialCrop(300, 500), 300, 500)).toEqual({ x: 0, y: 100, size: 300 });
  });

  it('zooming in shrinks the square around its centre', () => {
    expect(cropRect({ cx: 200, cy: 150, zoom: 2 }, 400, 300)).toEqual({ x: 125, y: 75, size: 150 });
  });

  it('never zooms the square under the minimum side', () => {
    expect(maxZoom(400, 300, 110)).toBeCloseTo(300 / 110);
    expect(maxZoom(110, 200, 110)).toBe(1);
    expect(maxZoom(4000, 4000, 110)).toBe(4);
    const clamped = clampCrop({ cx: 200, cy: 150, zoom: 99 }, 400, 300, maxZoom(400, 300, 110));
    expect(cropRect(clamped, 400, 300, 110).size).toBeGreaterThanOrEqual(110);
  });

  it('keeps the square inside the image after a drag', () => {
    const s = clampCrop({ cx: -500, cy: 9999, zoom: 2 }, 400, 300, 3);
    const r = cropRect(s, 400, 300);
    expect(r).toEqual({ x: 0, y: 150, size: 150 });
  });

  it('dragging the picture right moves the crop left, scaled to source pixels', () => {
    const s = panCrop({ cx: 200, cy: 150, zoom: 1 }, 28, 0, 280, 400, 300);
    // 300 source px shown over 280 view px: 28 view px = 30 source px.
    expect(s.cx).toBeCloseTo(170);
    expect(s.cy).toBe(150);
  });

  it('draws the crop square to fill the view', () => {
    expect(viewTransform({ x: 50, y: 0, size: 300 }, 150)).toEqual({ scale: 0.5, left: -25, top: -0 });
  });

  it('fits uploads within 1080 but keeps the shorter side at 110 or more', () => {
    expect(fitWithin(4000, 3000, 1080, 110)).toEqual({ width: 1080, height: 810 });
    expect(fitWithin(500, 400, 1080, 110)).toEqual({ width: 500, height: 400 });
    expect(fitWithin(120, 6000, 1080, 110)).toEqual({ width: 110, height: 5500 });
  });
});

describe('over-limit text (ban list 100, self PR 500)', () => {
  const full = 'あ'.repeat(100);
  it('accepts text up to the limit', () => {
    expect(nextLimitedText('', 'こんにちは', 100)).toBe('こんにちは');
    expect(nextLimitedText(full.slice(1), full, 100)).toBe(full);
  });
  it('ignores typing beyond the limit', () => {
    expect(nextLimitedText(full, `${full}い`, 100)).toBe(full);
  });
  it('keeps an over-limit paste so it can be trimmed, and reports it as over', () => {
    const pasted = 'x'.repeat(120);
    expect(nextLimitedText('abc', pasted, 100)).toBe(pasted);
    expect(isOverLimit(pasted, 100)).toBe(true);
    // While over, deleting is allowed and typing more is not.
    expect(nextLimitedText(pasted, pasted.slice(1), 100)).toBe(pasted.slice(1));
    expect(nextLimitedText(pasted, `${pasted}y`, 100)).toBe(pasted);
  });
  it('lets an IME composition through untouched', () => {
    expect(nextLimitedText(full, `${full}か`, 100, true)).toBe(`${full}か`);
  });
  it('counts code points, so an emoji is one character', () => {
    expect(textLength('😀あ')).toBe(2);
    expect(isOverLimit('😀'.repeat(100), 100)).toBe(false);
  });
});
