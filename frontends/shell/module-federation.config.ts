/**
 * The shell is the host: it exposes nothing and declares no remotes at build time. The remotes are
 * registered at run time from their manifests (src/remotes.ts), so a remote can be rebuilt and
 * redeployed without rebuilding the shell.
 */
export const mfConfig = { name: 'shell', kind: 'host' } as const;
