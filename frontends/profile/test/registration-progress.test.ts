import { describe, expect, it } from 'vitest';

import { MemoryStorage, STORAGE_KEYS } from '@honne/api-client';
import { INTEREST_TAGS, validateProfileUpdate } from '@honne/contracts/profile';

import { avatarOptions } from '../src/features/registration/AvatarList.tsx';
import {
  DEFAULT_SOUND,
  bloodBody,
  clearProgress,
  emptyRegistration,
  needsAvatarStep,
  readAvatar,
  readRegistration,
  registrationBody,
  updateRegistration,
  writeAvatar,
} from '../src/features/registration/progress.ts';

describe('onboarding progress in registration_info / avatar_info', () => {
  it('starts empty with the voice sliders at 30, 50, 40 and ratings at 3', () => {
    const info = readRegistration(new MemoryStorage());
    expect(info.sound).toEqual({ setting1: 30, setting2: 50, setting3: 40 });
    expect(DEFAULT_SOUND).toEqual({ setting1: 30, setting2: 50, setting3: 40 });
    expect(info.blood.sociability).toBe(3);
    expect(info.user_name).toBe('');
  });

  it('survives a reload: what was written is read back', () => {
    const storage = new MemoryStorage();
    updateRegistration(storage, { user_name: 'はなこ', gender_id: 2, tags: ['グルメ'] });
    updateRegistration(storage, { age_id: 2 });
    const info = readRegistration(storage);
    expect(info).toMatchObject({ user_name: 'はなこ', gender_id: 2, age_id: 2, tags: ['グルメ'] });
    writeAvatar(storage, { imageUri: '/api/v1/users/images/a.jpg', type_image: 'link', source: 'upload' });
    expect(readAvatar(storage)?.imageUri).toBe('/api/v1/users/images/a.jpg');
  });

  it('repairs malformed storage with the defaults', () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.registrationInfo, '{"user_name":5,"sound":{"setting1":"x"},"tags":[1,"旅行"]}');
    storage.setItem(STORAGE_KEYS.avatarInfo, 'not json');
    const info = readRegistration(storage);
    expect(info.user_name).toBe('');
    expect(info.sound.setting1).toBe(30);
    expect(info.tags).toEqual(['旅行']);
    expect(readAvatar(storage)).toBeNull();
  });

  it('is cleared at the end (and by the guard on logout: the same two keys)', () => {
    const storage = new MemoryStorage();
    updateRegistration(storage, { user_name: 'x' });
    writeAvatar(storage, { imageUri: '/x', type_image: 'link', source: 'avatar' });
    clearProgress(storage);
    expect(storage.getItem('registration_info')).toBeNull();
    expect(storage.getItem('avatar_info')).toBeNull();
  });

  it('shows the avatar step only when gender or age changed since the last decide', () => {
    const info = { ...emptyRegistration(), gender_id: 1, age_id: 3 };
    expect(needsAvatarStep(info)).toBe(true);
    expect(needsAvatarStep({ ...info, decided: { gender_id: 1, age_id: 3 } })).toBe(false);
    expect(needsAvatarStep({ ...info, decided: { gender_id: 2, age_id: 3 } })).toBe(true);
    expect(needsAvatarStep({ ...info, decided: { gender_id: 1, age_id: 4 } })).toBe(true);
  });
});

describe('the registration save (PUT /users)', () => {
  const info = {
    ...emptyRegistration(),
    user_name: ' はなこ ',
    gender_id: 2,
    age_id: 2,
    area_id: 39,
    decided: { gender_id: 2, age_id: 2 },
    tags: ['グルメ', 'カフェめぐり'],
  };
  const names = { age: '20代', area: '愛媛県' };

  it('sends everything with is_infomation 1 and passes the shared rules', () => {
    const body = registrationBody(info, null, names);
    expect(body).toMatchObject({
      user_name: 'はなこ',
      gender: '2',
      age_id: 2,
      area_id: 39,
      is_infomation: 1,
      userCharacterSettings: { value: 'グルメ,カフェめぐり' },
      userSoundSettings: { setting1: 30, setting2: 50, setting3: 40 },
      userRegisterInfo: { user_name: 'はなこ', age: '20代', area: '愛媛県' },
    });
    expect(validateProfileUpdate(body, true)).toEqual({});
  });

  it('uses the default avatar as a link when none was chosen', () => {
    const body = registrationBody(info, null, names);
    expect(body.type).toBe(2);
    expect(body.profile_image_data).toBe('/api/v1/users/avatars/female/2.svg');
    expect(body.userAvatarRegisterInfo).toEqual({ imageUri: body.profile_image_data, type_image: 'link' });
  });

  it('does not send an uploaded photo again (the server already stored it)', () => {
    const body = registrationBody(
      info,
      { imageUri: '/api/v1/users/images/abc.jpg', type_image: 'link', source: 'upload' },
      names,
    );
    expect(body.type).toBeUndefined();
    expect(body.profile_image_data).toBeUndefined();
    expect(body.userAvatarRegisterInfo).toEqual({ imageUri: '/api/v1/users/images/abc.jpg', type_image: 'link' });
  });

  it('leaves unchosen blood type and personality out rather than sending null', () => {
    expect(bloodBody(emptyRegistration().blood)).toEqual({
      sociability: 3,
      degree: 3,
      expression: 3,
      aggression: 3,
      fashion: 3,
    });
  });
});

describe('avatar list', () => {
  it('filters by gender and age band; unspecified gender sees both sets', () => {
    const female20 = avatarOptions(2, 2);
    expect(female20.length).toBe(13);
    expect(female20.every((o) => o.src.includes('/female/'))).toBe(true);
    const male60 = avatarOptions(1, 6);
    expect(male60.every((o) => o.src.includes('/male/'))).toBe(true);
    const both = avatarOptions(3, 1);
    expect(both.some((o) => o.src.includes('/male/')) && both.some((o) => o.src.includes('/female/'))).toBe(true);
    expect(avatarOptions(null, 2)).toEqual([]);
  });

  it('offers exactly the 29 interest tags', () => {
    expect(INTEREST_TAGS).toHaveLength(29);
  });
});
