import { createFrontendConfig } from '@honne/frontend-build';

import { CONSOLE_BASE } from './src/base.ts';
import { strings } from './src/strings.ts';

/**
 * The operators' console: a page of its own at /console/, not part of the users' shell (no Module
 * Federation: it shares nothing at run time with the app, only the UI kit and contracts at build time).
 */
export default createFrontendConfig({
  name: 'console',
  kind: 'app',
  dir: import.meta.dirname,
  publicPath: `${CONSOLE_BASE}/`,
  title: strings.title,
});
