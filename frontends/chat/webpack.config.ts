import { createFrontendConfig } from '@honne/frontend-build';

import { mfConfig } from './module-federation.config.ts';

export default createFrontendConfig({ ...mfConfig, exposes: { ...mfConfig.exposes }, dir: import.meta.dirname });
