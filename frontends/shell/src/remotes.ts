import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';

import { FIRST_ROUTE_GLOBAL } from './boot/global.ts';

/** The remotes and where the gateway serves them (`/remotes/<name>/`, see services/gateway). */
export const REMOTES = ['profile', 'topics', 'chat'] as const;
export type RemoteName = (typeof REMOTES)[number];

export const manifestUrl = (name: RemoteName) =>
  new URL(`/remotes/${name}/mf-manifest.json`, window.location.origin).href;

/**
 * index.html's boot script already asked for the first screen's manifest (boot/first-route.ts):
 * the runtime takes that response instead of asking again, once.
 */
function firstRoutePlugin() {
  return {
    name: 'honne-first-route',
    fetch(url: string): Promise<Response> | undefined {
      const w = window as unknown as Record<string, { manifestUrl: string; response: Promise<Response> } | undefined>;
      const first = w[FIRST_ROUTE_GLOBAL];
      if (!first || first.manifestUrl !== url) return undefined;
      w[FIRST_ROUTE_GLOBAL] = undefined;
      return first.response.then((r) => (r.ok ? r.clone() : fetch(url)));
    },
  };
}

export function registerAllRemotes(force = false): void {
  if (!force) registerPlugins([firstRoutePlugin()]);
  registerRemotes(
    REMOTES.map((name) => ({ name, entry: manifestUrl(name) })),
    { force },
  );
}

/**
 * Loads `<remote>/<Module>` at run time. After a failure the remote is registered again with
 * `force`, which drops the runtime's cached (failed) entry so a retry really fetches again.
 */
export async function loadRemoteModule<T>(id: `${RemoteName}/${string}`, retry: boolean): Promise<T> {
  const remote = id.split('/')[0] as RemoteName;
  if (retry) registerRemotes([{ name: remote, entry: manifestUrl(remote) }], { force: true });
  const mod = await loadRemote<T>(id);
  if (!mod) throw new Error(`remote module ${id} is empty`);
  return mod;
}
