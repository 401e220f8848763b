import { allEndpoints } from '@honne/contracts/endpoints';
import { describe, expect, it } from 'vitest';

import { routeEntries } from '../src/routes-table.ts';

/**
 * The owner the proxy picks for a path: the most specific matching prefix (more segments; a
 * named segment beats a `:param` at the same place), as @fastify/http-proxy's routes do.
 */
function ownerOf(path: string): string | undefined {
  const segments = path.split('/').filter(Boolean);
  let best: { service: string; score: number[] } | undefined;
  for (const { prefix, service } of routeEntries()) {
    const parts = prefix.split('/').filter(Boolean);
    if (parts.length > segments.length) continue;
    if (!parts.every((p, i) => p.startsWith(':') || p === segments[i])) continue;
    const score = [parts.length, ...parts.map((p) => (p.startsWith(':') ? 0 : 1))];
    const better = !best || compare(score, best.score) > 0;
    if (better) best = { service, score };
  }
  return best?.service;
}

/** Lexicographic order of two scores. */
function compare(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}

describe('routes table', () => {
  it('sends every endpoint of the contracts to the service that registers it', () => {
    const wrong = allEndpoints
      .map((def) => ({ url: def.url, want: def.service, got: ownerOf(def.url.replace(/:[^/]+/g, 'x1')) }))
      .filter((r) => r.got !== r.want);
    expect(wrong).toEqual([]);
  });

  it('names the spec’s room actions that reach chat', () => {
    expect(ownerOf('/rooms/r1/replied')).toBe('chat');
    expect(ownerOf('/rooms/r1/showBonusStatus')).toBe('chat');
    expect(ownerOf('/rooms/r1/calling')).toBe('calls');
    expect(ownerOf('/rooms/r1/bonuschat')).toBe('chat');
    expect(ownerOf('/rooms/r1/confirmbonuschat')).toBe('chat');
  });
});
