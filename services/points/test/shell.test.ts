import { serviceShellSuite } from '@honne/service-kit/testing';

import { service } from '../src/server.ts';

serviceShellSuite(service, { portVariable: 'POINTS_PORT' });
