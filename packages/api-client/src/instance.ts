import type { RealtimeEvent } from '@honne/contracts/realtime';

import { createAccountsApi, type AccountsApi } from './accounts.ts';
import { createApiClient, type ApiClient } from './client.ts';

type RealtimeListener = (event: RealtimeEvent) => void;

/** Fan-out of the shell's one real-time socket to whichever screens listen. */
export class RealtimeHub {
  private readonly listeners = new Set<RealtimeListener>();
  subscribe(listener: RealtimeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit(event: RealtimeEvent): void {
    for (const l of this.listeners) {
      try {
        l(event);
      } catch (error) {
        console.error('realtime listener failed', error);
      }
    }
  }
}

export interface HonneApi {
  client: ApiClient;
  accounts: AccountsApi;
  /** Events from the real-time socket the shell keeps open while signed in. */
  realtime: RealtimeHub;
}

let instance: HonneApi | undefined;

/**
 * The page's one API client. This package is a Module Federation singleton, so the shell and every
 * remote get the same instance, the same session store and the shell's 401 handler.
 */
export function getApi(): HonneApi {
  if (!instance) {
    const client = createApiClient();
    instance = { client, accounts: createAccountsApi(client), realtime: new RealtimeHub() };
  }
  return instance;
}
