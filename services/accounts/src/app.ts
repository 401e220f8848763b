import type { ServiceRoutes } from '@honne/service-kit';

import type { AppContext } from './context.ts';
import { blockRoutes } from './routes/blocks.ts';
import { characterRoutes } from './routes/characters.ts';
import { friendRoutes } from './routes/friends.ts';
import { otpRoutes } from './routes/otp.ts';
import { passwordRoutes } from './routes/passwords.ts';
import { profileRoutes } from './routes/profile.ts';
import { pushRoutes } from './routes/push.ts';
import { rankRoutes } from './routes/ranks.ts';
import { referenceRoutes } from './routes/reference.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { settingsRoutes } from './routes/settings.ts';
import { signupRoutes } from './routes/signups.ts';

/** The service's endpoints, registered in this order on the kit's app. */
export const routes: ServiceRoutes<AppContext> = [
  referenceRoutes,
  signupRoutes,
  sessionRoutes,
  profileRoutes,
  settingsRoutes,
  passwordRoutes,
  characterRoutes,
  otpRoutes,
  friendRoutes,
  blockRoutes,
  rankRoutes,
  pushRoutes,
];
