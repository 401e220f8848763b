import { createAccountsApi, type AccountsApi } from './accounts.ts';
import { CallBridge } from './calls.ts';
import { createApiClient, type ApiClient } from './client.ts';
import { RealtimeHub } from './realtime-hub.ts';
import { ServerClock } from './server-clock.ts';
import { UnreadStore } from './unread.ts';

/** The hub lives in its own module (the unread store needs it too); kept here for older imports. */
export { RealtimeHub } from './realtime-hub.ts';

export interface HonneApi {
  client: ApiClient;
  accounts: AccountsApi;
  /** Events from the real-time socket the shell keeps open while signed in. */
  realtime: RealtimeHub;
  /** Unread chat counts (the friends tab badge, the friend list), live while someone listens. */
  unread: UnreadStore;
  /** The server's time (synced every 30 s while signed in): countdowns read it, not the phone's clock. */
  clock: ServerClock;
  /** Starting calls from any screen, and whether one is under way (see calls.ts). */
  calls: CallBridge;
}

let instance: HonneApi | undefined;

/**
 * The page's one API client. This package is a Module Federation singleton, so the shell and every
 * remote get the same instance, the same session store and the shell's 401 handler.
 */
export function getApi(): HonneApi {
  if (!instance) {
    const client = createApiClient();
    const realtime = new RealtimeHub();
    instance = {
      client,
      accounts: createAccountsApi(client),
      realtime,
      unread: new UnreadStore(client, realtime, client.storage),
      clock: new ServerClock(client),
      calls: new CallBridge(),
    };
  }
  return instance;
}
