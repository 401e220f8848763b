import { profileEndpoints } from '@honne/contracts/profile';
import { accountsEndpoints, type LoginBody, type SignUpBody, type VerifyBody } from '@honne/contracts/accounts';

import type { ApiClient } from './client.ts';
import { getDeviceId } from './storage.ts';

/** Web has no push tokens yet; the fields are sent empty so the payload keeps the spec's shape. */
export const DEVICE_TYPE = 'web';

function deviceFields(client: ApiClient) {
  return { device_type: DEVICE_TYPE, device_id: getDeviceId(client.storage), fcm_token: '', voip_token: '' };
}

/** The accounts calls the public screens and the shell make; login and verify store the session. */
export function createAccountsApi(client: ApiClient) {
  return {
    async signUp(body: Required<Pick<SignUpBody, 'email' | 'confirm_email' | 'password' | 'confirm_password'>>) {
      return (await client.call(accountsEndpoints.signUp, { body: { ...body, agree_terms: true } })).data;
    },
    async resendCode(email: string) {
      return (await client.call(accountsEndpoints.resendCode, { body: { email } })).data;
    },
    async verify(body: Pick<VerifyBody, 'email' | 'verify_code'>) {
      const { data } = await client.call(accountsEndpoints.verify, { body: { ...body, ...deviceFields(client) } });
      client.session.setSession(data, { email: body.email ?? '' });
      return data;
    },
    async login(body: Pick<LoginBody, 'email' | 'password'>) {
      const { data } = await client.call(accountsEndpoints.login, { body: { ...body, ...deviceFields(client) } });
      client.session.setSession(data, { email: body.email ?? '' });
      return data;
    },
    async profile() {
      const { data } = await client.call(accountsEndpoints.profile);
      client.session.update({ profile: data, is_infomation: data.is_infomation });
      return data;
    },
    /** Continues as another character of the account: a new session for this device. */
    async switchCharacter(id: string) {
      const { data } = await client.call(profileEndpoints.switchCharacter, { body: { id, ...deviceFields(client) } });
      client.session.setSession(data, { email: client.session.get()?.email ?? '' });
      return data;
    },
    /** Ends the session on the server; the local session is cleared even if the call fails. */
    async logout() {
      try {
        await client.call(accountsEndpoints.logout);
      } finally {
        client.session.clear();
      }
    },
  };
}

export type AccountsApi = ReturnType<typeof createAccountsApi>;
