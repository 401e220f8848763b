import type { Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';

/** Bus subscribers of this service (none yet: its features land with their issues). */
export function subscribeAll(_ctx: AppContext): Subscription[] {
  return [];
}
