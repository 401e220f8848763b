import { describe, expect, it } from 'vitest';

import { ApiError } from '@honne/api-client';
import { messages } from '@honne/contracts/messages';

import { showError } from '../src/features/shared/errors.ts';

const fields = ['email', 'password'];

describe('showError', () => {
  it('puts 403 field errors under their fields and the rest under the form', () => {
    const e = new ApiError({
      kind: 'http',
      status: 403,
      fieldErrors: { email: messages.emailTaken, device_id: messages.deviceRequired },
    });
    expect(showError(e, fields)).toEqual({
      fieldErrors: { email: messages.emailTaken },
      formError: messages.deviceRequired,
    });
  });
  it('shows a 4xx message (login failure) under the fields', () => {
    const e = new ApiError({ kind: 'http', status: 401, serverMessage: messages.loginFailed });
    expect(showError(e, fields)).toEqual({ fieldErrors: {}, formError: messages.loginFailed });
  });
  it('uses a popup for offline and unexpected failures', () => {
    expect(showError(new ApiError({ kind: 'offline' }), fields).popup).toBe(messages.offline);
    expect(showError(new ApiError({ kind: 'http', status: 502 }), fields).popup).toBe(messages.unexpected);
    expect(showError(new ApiError({ kind: 'timeout' }), fields).popup).toBe(messages.unexpected);
    expect(showError(new Error('x'), fields).popup).toBe(messages.unexpected);
  });
  it('says nothing for a signed-in 401 (the shell handles it)', () => {
    expect(showError(new ApiError({ kind: 'unauthorized', status: 401 }), fields)).toEqual({ fieldErrors: {} });
  });
});
