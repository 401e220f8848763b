/**
 * honne's default avatars: 75 male and 76 female faces (spec §3), drawn in code so they ship
 * with the app and need no asset download. Each avatar is fixed by (gender, number): the same
 * number always draws the same face. Faces are spread over the six age bands so the avatar list
 * can offer a grid per age and gender.
 */

export type AvatarGender = 'male' | 'female';

export const AVATAR_COUNTS: Record<AvatarGender, number> = { male: 75, female: 76 };

/** Age band ids as in accounts (1 teens … 6 sixties and over). */
export const AGE_BANDS = [1, 2, 3, 4, 5, 6] as const;

export interface AvatarRef {
  gender: AvatarGender;
  /** 1-based. */
  number: number;
}

export const avatarAgeBand = (ref: AvatarRef): number => ((ref.number - 1) % AGE_BANDS.length) + 1;

export function isAvatar(gender: string, number: number): gender is AvatarGender {
  return (
    (gender === 'male' || gender === 'female') &&
    Number.isInteger(number) &&
    number >= 1 &&
    number <= AVATAR_COUNTS[gender]
  );
}

/** Every avatar of a gender for one age band, in number order. */
export function avatarsFor(gender: AvatarGender, ageBand: number): AvatarRef[] {
  const refs: AvatarRef[] = [];
  for (let n = 1; n <= AVATAR_COUNTS[gender]; n++)
    if (avatarAgeBand({ gender, number: n }) === ageBand) refs.push({ gender, number: n });
  return refs;
}

/** The path under the API where an avatar is served (accounts owns them). */
export const avatarPath = (ref: AvatarRef): string => `/api/v1/users/avatars/${ref.gender}/${ref.number}.svg`;

const AVATAR_PATH_RE = /^\/api\/v1\/users\/avatars\/(male|female)\/(\d{1,3})\.svg$/;
export function parseAvatarPath(path: string): AvatarRef | undefined {
  const m = AVATAR_PATH_RE.exec(path);
  if (!m) return undefined;
  const ref = { gender: m[1] as AvatarGender, number: Number(m[2]) };
  return isAvatar(ref.gender, ref.number) ? ref : undefined;
}

/** The avatar used wherever a user has none. */
export const DEFAULT_AVATAR: AvatarRef = { gender: 'female', number: 2 };
export const defaultAvatarFor = (gender: string | null | undefined): AvatarRef =>
  gender === '1' ? { gender: 'male', number: 2 } : DEFAULT_AVATAR;

const BACKGROUNDS = [
  '#FDE2E4',
  '#E2ECE9',
  '#FFF1E6',
  '#DFE7FD',
  '#F0EFEB',
  '#E8E0F5',
  '#FAEDCB',
  '#D8EFF0',
  '#F9DCC4',
  '#E4F1D9',
];
const SKINS = ['#FFE0C7', '#F8D3B0', '#EDC09A', '#E0AC84', '#C98E66', '#F5D5C0'];
const HAIR_YOUNG = ['#2B2118', '#3B2A20', '#5A3B28', '#7A5036', '#1E1E24', '#8C5A3C', '#4A3426'];
const HAIR_OLD = ['#9A9A9A', '#B8B4AE', '#7D7872', '#D6D2CC'];
const SHIRTS = ['#8FA8D8', '#E8A0A8', '#9CC9B0', '#F2C57C', '#B5A2D8', '#7FB7C9', '#E59F83', '#A3B18A'];

/** A small deterministic mixer so neighbouring numbers look different. */
function pick<T>(list: readonly T[], seed: number, salt: number): T {
  let x = (seed * 2654435761 + salt * 40503) >>> 0;
  x ^= x >>> 15;
  x = Math.imul(x, 2246822519) >>> 0;
  x ^= x >>> 13;
  return list[(x >>> 0) % list.length]!;
}

export function avatarSvg(ref: AvatarRef): string {
  const seed = ref.number + (ref.gender === 'female' ? 1000 : 0);
  const age = avatarAgeBand(ref);
  const bg = pick(BACKGROUNDS, seed, 1);
  const skin = pick(SKINS, seed, 2);
  const hair =
    age >= 6
      ? pick(HAIR_OLD, seed, 3)
      : age === 5 && seed % 2 === 0
        ? pick(HAIR_OLD, seed, 3)
        : pick(HAIR_YOUNG, seed, 3);
  const shirt = pick(SHIRTS, seed, 4);
  const style = Math.floor(seed / 7) % 3;
  const glasses = age >= 4 ? seed % 3 === 0 : seed % 7 === 0;
  const smile = seed % 4 !== 0;
  const eyeY = 118;
  const parts: string[] = [];

  parts.push(`<rect width="240" height="240" rx="120" fill="${bg}"/>`);
  // Shoulders and neck.
  parts.push(`<path d="M40 240c6-44 40-66 80-66s74 22 80 66z" fill="${shirt}"/>`);
  parts.push(`<rect x="104" y="150" width="32" height="34" rx="12" fill="${skin}"/>`);
  // Hair behind the face (long styles).
  if (ref.gender === 'female' && style !== 1) {
    parts.push(
      `<path d="M62 118c0-44 26-72 58-72s58 28 58 72v${style === 0 ? 70 : 40}c0 8-10 10-16 4l-8-24H86l-8 24c-6 6-16 4-16-4z" fill="${hair}"/>`,
    );
  }
  // Face and ears.
  parts.push(
    `<ellipse cx="68" cy="${eyeY + 6}" rx="9" ry="13" fill="${skin}"/><ellipse cx="172" cy="${eyeY + 6}" rx="9" ry="13" fill="${skin}"/>`,
  );
  parts.push(`<ellipse cx="120" cy="118" rx="52" ry="58" fill="${skin}"/>`);
  // Hair on top.
  if (ref.gender === 'male') {
    const fringe = [
      'M66 108c0-40 24-62 54-62s54 22 54 62c-14-18-30-26-54-26s-40 8-54 26z',
      'M64 112c-2-44 26-68 58-66 30 2 52 26 52 64-10-10-26-30-44-32-14 12-40 20-66 34z',
      'M66 104c4-36 26-58 56-58 28 0 50 20 52 56-8-6-20-14-30-14-2 8-8 12-16 12-6-8-10-12-18-12s-26 6-44 16z',
    ][style]!;
    if (age < 6 || seed % 2 === 0) parts.push(`<path d="${fringe}" fill="${hair}"/>`);
    else
      parts.push(
        `<path d="M70 98c6-20 18-30 30-32-14 10-18 22-18 34zM170 98c-6-20-18-30-30-32 14 10 18 22 18 34z" fill="${hair}"/>`,
      );
  } else {
    const top = [
      'M64 116c0-42 26-70 56-70s56 28 56 70c-18-26-34-34-56-36-22 2-38 10-56 36z',
      'M64 112c0-40 26-66 56-66s56 26 56 66c-6-18-20-30-30-32 2 10-4 16-12 18 0-10-6-16-14-18-8 10-28 20-56 32z',
      'M64 114c0-42 26-68 56-68s56 26 56 68c-14-14-22-34-28-38-18 14-44 24-84 38z',
    ][style]!;
    parts.push(`<path d="${top}" fill="${hair}"/>`);
    if (style === 1) parts.push(`<circle cx="120" cy="44" r="16" fill="${hair}"/>`);
  }
  // Eyes, brows, blush, mouth.
  const eyeRy = seed % 5 === 0 ? 2.5 : 6;
  parts.push(
    `<ellipse cx="98" cy="${eyeY}" rx="5" ry="${eyeRy}" fill="#2E2A28"/><ellipse cx="142" cy="${eyeY}" rx="5" ry="${eyeRy}" fill="#2E2A28"/>`,
  );
  parts.push(
    `<path d="M88 ${eyeY - 14}q10-5 20 0M132 ${eyeY - 14}q10-5 20 0" stroke="${hair}" stroke-width="4" stroke-linecap="round" fill="none"/>`,
  );
  parts.push(
    `<ellipse cx="86" cy="${eyeY + 20}" rx="9" ry="5" fill="#F4A7A7" opacity=".5"/><ellipse cx="154" cy="${eyeY + 20}" rx="9" ry="5" fill="#F4A7A7" opacity=".5"/>`,
  );
  parts.push(
    smile
      ? `<path d="M106 148q14 12 28 0" stroke="#9C4A3E" stroke-width="4" stroke-linecap="round" fill="none"/>`
      : `<path d="M110 150h20" stroke="#9C4A3E" stroke-width="4" stroke-linecap="round"/>`,
  );
  if (age >= 5)
    parts.push(
      `<path d="M84 ${eyeY + 8}l-6 3M156 ${eyeY + 8}l6 3" stroke="#B88A72" stroke-width="2" stroke-linecap="round"/>`,
    );
  if (glasses) {
    parts.push(
      `<g fill="none" stroke="#4B4B52" stroke-width="3"><circle cx="98" cy="${eyeY}" r="14"/><circle cx="142" cy="${eyeY}" r="14"/><path d="M112 ${eyeY}h16"/></g>`,
    );
  }
  const label = `${ref.gender === 'male' ? '男性' : '女性'}のアバター ${ref.number}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240" role="img" aria-label="${label}">${parts.join('')}</svg>`;
}
