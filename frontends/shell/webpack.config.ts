import { messages } from '@honne/contracts';
import { createFrontendConfig } from '@honne/frontend-build';

import { mfConfig } from './module-federation.config.ts';
import { firstRouteScript } from './src/boot/first-route.ts';
import { strings } from './src/strings.ts';

export default createFrontendConfig({
  ...mfConfig,
  dir: import.meta.dirname,
  title: '本音 - 心の声を届ける、本音のSNS',
  headScript: firstRouteScript(),
  pwa: {
    name: strings.manifestName,
    shortName: strings.appName,
    description: strings.manifestDescription,
    themeColor: '#FBF7F4',
    offlinePage: { title: strings.offlineTitle, body: strings.offlineBody, retry: strings.retry },
    offlineMessage: messages.offline,
  },
});
