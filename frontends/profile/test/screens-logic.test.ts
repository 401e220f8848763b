import { describe, expect, it } from 'vitest';

import { isAcceptedType, isLargeEnough } from '../src/features/shared/image.ts';
import { genderName, imageOf } from '../src/features/shared/labels.ts';
import { retentionLabel } from '../src/features/settings/Settings.tsx';

describe('image checks in the browser (spec §5)', () => {
  it('accepts png, jpg, jpeg, and an empty type', () => {
    expect(isAcceptedType({ type: 'image/png', name: 'a.png' })).toBe(true);
    expect(isAcceptedType({ type: 'image/jpeg', name: 'a.jpg' })).toBe(true);
    expect(isAcceptedType({ type: '', name: 'photo.JPEG' })).toBe(true);
    expect(isAcceptedType({ type: 'image/gif', name: 'a.gif' })).toBe(false);
    expect(isAcceptedType({ type: '', name: 'a.webp' })).toBe(false);
  });
  it('needs at least 110 × 110', () => {
    expect(isLargeEnough(110, 110)).toBe(true);
    expect(isLargeEnough(109, 400)).toBe(false);
    expect(isLargeEnough(400, 109)).toBe(false);
  });
});

describe('labels', () => {
  it('shows gender in Japanese', () => {
    // Shown in Japanese, never as a letter (issue 18).
    expect(genderName('1')).toBe('男性');
    expect(genderName('2')).toBe('女性');
    expect(genderName('3')).toBe('未設定');
  });
  it('falls back to the default avatar', () => {
    expect(imageOf({ profile_image: null, gender: '1' })).toBe('/api/v1/users/avatars/male/2.svg');
    expect(imageOf({ profile_image: '/api/v1/users/images/x.jpg', gender: '1' })).toBe('/api/v1/users/images/x.jpg');
  });
  it('shows an unknown retention as the 60-minute default', () => {
    expect(retentionLabel(180)).toBe('3時間');
    expect(retentionLabel(7)).toBe('1時間');
    expect(retentionLabel(undefined)).toBe('1時間');
  });
});
