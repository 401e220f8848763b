import type { ServiceContext } from '@honne/service-kit';

import type { ChatConfig } from './config.ts';
import type { ChatDb } from './db/schema/index.ts';

export type AppContext = ServiceContext<ChatConfig, ChatDb>;
