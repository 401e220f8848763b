import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

/** The remotes and where the gateway serves them (`/remotes/<name>/`, see services/gateway). */
export const REMOTES = ['profile', 'topics', 'chat'] as const;
export type RemoteName = (typeof REMOTES)[number];

export const manifestUrl = (name: RemoteName) =>
  new URL(`/remotes/${name}/mf-manifest.json`, window.location.origin).href;

export function registerAllRemotes(force = false): void {
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
