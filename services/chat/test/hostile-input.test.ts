import { messages } from '@honne/contracts/messages';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness, type Person } from './harness.ts';

// Inputs an attacker sent that each came back as a 500 (issue 11): each is now a 4xx in the
// error envelope, over HTTP and over the socket's command path alike.
describe.each(infraModes())('hostile input to chat ($name)', (mode) => {
  let h: Harness;
  let a: Person;
  let b: Person;
  let roomId: string;
  beforeAll(async () => {
    h = await startHarness(mode);
    a = await h.user();
    b = await h.user();
    roomId = await h.topicRoom(b, h.voice(a));
  });
  afterAll(() => h?.close());

  const expectValidation = (res: { statusCode: number; json: () => unknown }, field: string) => {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ data: null, code: 'validation', errors: { [field]: messages.invalidInput } });
  };

  it('refuses a `since` beyond what the database holds', async () => {
    const huge = 2 ** 53 + 2;
    expectValidation(await h.get(`/messages/toMe?since=${huge}`, a), 'since');
    expectValidation(await h.get(`/messages/toMe/${roomId}?since=${huge}`, a), 'since');
    expectValidation(await h.get(`/rooms/${roomId}/messages?since=${huge}`, a), 'since');
    expect((await h.get(`/rooms/${roomId}/messages?since=0`, a)).statusCode).toBe(200);
  });

  it('refuses a lone surrogate or a NUL as a message, by HTTP and by socket command', async () => {
    expectValidation(await h.send(b, roomId, { data: '\ud800' }), 'data');
    expectValidation(await h.send(b, roomId, { data: 'やあ\u0000' }), 'data');
    expectValidation(await h.sendCommand(b, roomId, { data: '\udc00あ' }), 'data');
    expect((await h.send(b, roomId, { data: '🍣' })).statusCode).toBe(200);
  });

  it('refuses a NUL in a query string or a path', async () => {
    expectValidation(await h.get(`/rooms/${roomId}/messages?last_doc_id=a%00b`, a), 'last_doc_id');
    const path = await h.get(`/rooms/a%00b/messages`, a);
    expect(path.statusCode).toBeGreaterThanOrEqual(400);
    expect(path.statusCode).toBeLessThan(500);
    expect(path.json()).toMatchObject({ data: null });
  });
});
