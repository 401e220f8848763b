import { parse } from 'regexparam';
import { describe, expect, it } from 'vitest';
import { matchRoute } from 'wouter';

import { mfConfig as chat } from '../../chat/module-federation.config.ts';
import { mfConfig as profile } from '../../profile/module-federation.config.ts';
import { mfConfig as topics } from '../../topics/module-federation.config.ts';
import { firstRouteScript, pathPattern } from '../src/boot/first-route.ts';
import { BARE_ROUTES, MAIN_ROUTES } from '../src/routes.ts';

describe('the first-route preloader', () => {
  it('matches paths as the router does: a parameter is one segment, a trailing /*? the path or anything under it', () => {
    const matches = (path: string, url: string) => {
      const boot = new RegExp(pathPattern(path), 'i').test(url);
      expect(matchRoute(parse, path, url)[0], `${path} ${url}`).toBe(boot);
      return boot;
    };
    expect(matches('/chat/:roomId', '/chat/42')).toBe(true);
    expect(matches('/chat/:roomId', '/chat/42/x')).toBe(false);
    expect(matches('/history/*?', '/history')).toBe(true);
    expect(matches('/history/*?', '/history/1/replies')).toBe(true);
    expect(matches('/history/*?', '/historyx')).toBe(false);
    expect(matches('/', '/')).toBe(true);
    expect(matches('/', '/login')).toBe(false);
    expect(matches('/OTP', '/OTPConfirm')).toBe(false);
  });

  it('names only screens the remotes expose, so a preload never asks for a missing chunk', () => {
    const exposed = new Set(
      [profile, topics, chat].flatMap((r) => Object.keys(r.exposes).map((e) => `${r.name}/${e.slice(2)}`)),
    );
    for (const [path, id] of [...BARE_ROUTES, ...MAIN_ROUTES]) expect(exposed.has(id), `${path} → ${id}`).toBe(true);
  });

  it('is a plain script that parses on its own', () => {
    expect(() => new Function(firstRouteScript())).not.toThrow();
  });
});
