import type { ServiceContext } from '@honne/service-kit';

import type { SafetyConfig } from './config.ts';
import type { SafetyDb } from './db/schema/index.ts';

export type AppContext = ServiceContext<SafetyConfig, SafetyDb>;
