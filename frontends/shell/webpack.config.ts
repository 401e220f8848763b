import { createFrontendConfig } from '@honne/frontend-build';

import { mfConfig } from './module-federation.config.ts';
import { firstRouteScript } from './src/boot/first-route.ts';

export default createFrontendConfig({
  ...mfConfig,
  dir: import.meta.dirname,
  title: '本音 - 心の声を届ける、本音のSNS',
  headScript: firstRouteScript(),
});
