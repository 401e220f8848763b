import { createAccountsApi, type AccountsApi } from './accounts.ts';
import { createApiClient, type ApiClient } from './client.ts';

export interface HonneApi {
  client: ApiClient;
  accounts: AccountsApi;
}

let instance: HonneApi | undefined;

/**
 * The page's one API client. This package is a Module Federation singleton, so the shell and every
 * remote get the same instance, the same session store and the shell's 401 handler.
 */
export function getApi(): HonneApi {
  if (!instance) {
    const client = createApiClient();
    instance = { client, accounts: createAccountsApi(client) };
  }
  return instance;
}
