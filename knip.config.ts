// The dead-code check (issue 31): `npx knip` finds unused files, exports and types across the
// workspace; scripts/test/code-checks.test.mjs runs it in CI and requires none. Entries are what
// runs on its own: servers, CLIs, tests, benches, configs and the remotes' Module Federation exposes.
import { existsSync, readdirSync } from 'node:fs';

import type { KnipConfig } from 'knip';

// The remotes are the frontends with a federation config (the console is a page of its own: ADR 0027).
const remotes = readdirSync('frontends', { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'shell' && existsSync(`frontends/${d.name}/module-federation.config.ts`))
  .map((d) => d.name);

const exposes = async (remote: string): Promise<string[]> => {
  const { mfConfig } = (await import(`./frontends/${remote}/module-federation.config.ts`)) as {
    mfConfig: { exposes?: Record<string, string> };
  };
  return Object.values(mfConfig.exposes ?? {});
};

export default async (): Promise<KnipConfig> => {
  const frontends: KnipConfig['workspaces'] = {};
  for (const remote of remotes) {
    frontends[`frontends/${remote}`] = {
      entry: ['src/bootstrap.{ts,tsx}', 'src/main.{ts,tsx}', 'test/**/*.{ts,tsx}', ...(await exposes(remote))],
      project: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
    };
  }
  return {
    ignoreExportsUsedInFile: true,
    // Migrations are read as namespaces by each service's migrations/index.ts (up and down).
    ignore: ['**/db/migrations/*.ts'],
    workspaces: {
      '.': {
        entry: ['scripts/*.{mjs,ts}', 'scripts/test/*.mjs', 'fuzz/**/*.ts'],
        project: ['scripts/**/*.{mjs,ts}', 'fuzz/**/*.ts'],
      },
      'services/*': {
        entry: ['src/main.ts', 'src/migrate.ts', 'src/rebuild.ts', 'src/cli/*.ts', 'test/**/*.ts'],
        project: ['src/**/*.ts', 'test/**/*.ts'],
      },
      'frontends/shell': {
        entry: ['src/bootstrap.{ts,tsx}', 'src/main.{ts,tsx}', 'test/**/*.{ts,tsx}'],
        project: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
      },
      'frontends/console': {
        entry: ['src/main.ts', 'test/**/*.ts'],
        project: ['src/**/*.{ts,tsx}', 'test/**/*.ts'],
      },
      'frontends/build-kit': {
        entry: ['src/browser-contracts.ts', 'test/**/*.ts'],
        project: ['src/**/*.ts', 'test/**/*.ts'],
      },
      ...frontends,
      'packages/*': { entry: ['bin/*.ts', 'test/**/*.ts', '*.mjs'], project: ['src/**/*.{ts,tsx}', 'test/**/*.ts'] },
      e2e: {
        entry: ['tests/**/*.ts', 'bench/**/*.ts', 'support/*.{ts,mjs}', 'playwright*.config.ts'],
        project: ['**/*.{ts,mjs}'],
      },
      bench: { entry: ['*.ts', 'lib/*-server.ts', 'lib/ws-clients.ts'], project: ['**/*.{ts,mjs}'] },
      faults: { entry: ['test/**/*.ts', 'compose/*.ts', 'support/*.ts'], project: ['**/*.ts'] },
    },
    include: ['files', 'exports', 'types'],
  };
};
