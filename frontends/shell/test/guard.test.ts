import { describe, expect, it } from 'vitest';

import { guardRedirect } from '../src/features/guard/guard.ts';

const onboarding = { is_infomation: 0 };
const registered = { is_infomation: 1 };

describe('guardRedirect (spec §2 Guard, §4)', () => {
  it('sends logged-out people to /splash, but lets them stay on /login and other public pages', () => {
    expect(guardRedirect('/', null)).toBe('/splash');
    expect(guardRedirect('/mypage', null)).toBe('/splash');
    expect(guardRedirect('/registration-information', null)).toBe('/splash');
    expect(guardRedirect('/login', null)).toBeNull();
    expect(guardRedirect('/signup', null)).toBeNull();
    expect(guardRedirect('/tutorial', null)).toBeNull();
    expect(guardRedirect('/term_of_use', null)).toBeNull();
  });

  it('sends someone whose session just ended (401, logout, other device) to /login', () => {
    expect(guardRedirect('/settings', null, 'unauthorized')).toBe('/login');
    expect(guardRedirect('/login', null, 'forced_logout')).toBeNull();
  });

  it('forces is_infomation 0 into onboarding', () => {
    expect(guardRedirect('/', onboarding)).toBe('/registration-information');
    expect(guardRedirect('/login', onboarding)).toBe('/registration-information');
    expect(guardRedirect('/registration-information', onboarding)).toBeNull();
    expect(guardRedirect('/registration-information/avatar/list', onboarding)).toBeNull();
    expect(guardRedirect('/term_of_use', onboarding)).toBeNull();
    // Where the login sends them (spec §2), the start of onboarding.
    expect(guardRedirect('/setting-information', onboarding)).toBeNull();
  });

  it('takes registered people off the sign-in pages', () => {
    expect(guardRedirect('/login', registered)).toBe('/');
    expect(guardRedirect('/splash', registered)).toBe('/');
    expect(guardRedirect('/', registered)).toBeNull();
    expect(guardRedirect('/settings', registered)).toBeNull();
    expect(guardRedirect('/agree', registered)).toBeNull();
  });
});
