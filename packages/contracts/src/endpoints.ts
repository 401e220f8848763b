import { accountsEndpoints } from './accounts.ts';
import { ageEndpoints } from './age.ts';
import { callsEndpoints } from './calls.ts';
import { chatEndpoints } from './chat.ts';
import type { EndpointDef } from './common.ts';
import { friendsEndpoints } from './friends.ts';
import { greetingEndpoints } from './greetings.ts';
import { pointsEndpoints } from './points.ts';
import { profileEndpoints } from './profile.ts';
import { pushEndpoints } from './push.ts';
import { actionEndpoints, safetyEndpoints } from './safety.ts';
import { topicsEndpoints } from './topics.ts';

/** Every HTTP endpoint behind the gateway's /api/v1. */
export const allEndpoints: readonly EndpointDef[] = [
  ...Object.values(accountsEndpoints),
  ...Object.values(profileEndpoints),
  ...Object.values(friendsEndpoints),
  ...Object.values(topicsEndpoints),
  ...Object.values(chatEndpoints),
  ...Object.values(callsEndpoints),
  ...Object.values(greetingEndpoints),
  ...Object.values(pointsEndpoints),
  ...Object.values(pushEndpoints),
  ...Object.values(safetyEndpoints),
  ...Object.values(actionEndpoints),
  ...Object.values(ageEndpoints),
];
