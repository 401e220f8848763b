import type { ServiceContext } from '@honne/service-kit';

import type { PointsConfig } from './config.ts';
import type { PointsDb } from './db/schema/index.ts';

export type AppContext = ServiceContext<PointsConfig, PointsDb>;
