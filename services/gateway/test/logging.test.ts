import { Writable } from 'node:stream';

import { createLogger } from '@honne/service-kit';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, Harness, TestSocket, type StartedGateway } from './helpers.ts';

describe.each(infraModes())('gateway logs ($name)', (mode) => {
  let h: Harness;
  let gw: StartedGateway;
  const lines: string[] = [];

  beforeAll(async () => {
    h = await Harness.start(mode);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // Request logging on, as outside tests.
    gw = await h.gateway({ env: 'development', logLevel: 'info' }, { log: createLogger('gateway', 'info', sink) });
  });
  afterAll(() => h?.close());

  it('never writes an access token, from the socket URL or a header', async () => {
    const { token } = await h.login();
    const socket = await TestSocket.open(`${gw.wsUrl}/api/v1/realtime?token=${token}&since=0`);
    await socket.next();
    await socket.close();
    await fetch(`${gw.url}/api/v1/points/balance?access_token=${token}`, { headers: bearer(token) });
    await fetch(`${gw.url}/api/v1/calls/config`, { headers: bearer(token) }); // upstream down: a warning with the error
    await new Promise((resolve) => setTimeout(resolve, 100));

    const log = lines.join('');
    expect(log).toContain('/api/v1/realtime?token=[REDACTED]&since=0');
    expect(log).toContain('access_token=[REDACTED]');
    expect(log).toContain('upstream unavailable');
    expect(log).not.toContain(token);
    expect(log).not.toContain(token.split('.')[2]!);
  });
});
