import type { EndpointDef } from '@honne/contracts';

/**
 * Finds the contract of a request (method + path without /api/v1) to read its `auth` and
 * `rateLimit`. Static paths are one map lookup; paths with `:params` are tried as patterns.
 */
export class EndpointIndex {
  #static = new Map<string, EndpointDef>();
  #patterns: { method: string; re: RegExp; def: EndpointDef }[] = [];

  constructor(endpoints: readonly EndpointDef[]) {
    for (const def of endpoints) {
      if (def.url.includes(':')) {
        const source = def.url
          .split('/')
          .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('/');
        this.#patterns.push({ method: def.method, re: new RegExp(`^${source}/?$`), def });
      } else {
        this.#static.set(`${def.method} ${def.url}`, def);
      }
    }
  }

  find(method: string, path: string): EndpointDef | undefined {
    const m = method === 'HEAD' ? 'GET' : method;
    const hit =
      this.#static.get(`${m} ${path}`) ??
      (path.length > 1 && path.endsWith('/') ? this.#static.get(`${m} ${path.slice(0, -1)}`) : undefined);
    if (hit) return hit;
    for (const p of this.#patterns) if (p.method === m && p.re.test(path)) return p.def;
    return undefined;
  }
}
