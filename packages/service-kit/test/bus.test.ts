import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Bus } from '../src/bus.ts';
import { eventually, infraModes, testInfra, uniqueName } from '../src/testing.ts';

describe.each(infraModes())('bus ($name)', (mode) => {
  let infra: Awaited<ReturnType<typeof testInfra>>;
  let bus: Bus;
  const subject = uniqueName('test');
  const batchedEvent = {
    subject: `${subject}.event`,
    schema: Type.Object({ n: Type.Integer() }),
    batched: true,
  } as const;
  const doubling = {
    subject: `${subject}.request`,
    request: Type.Object({ n: Type.Integer() }),
    reply: Type.Object({ twice: Type.Integer() }),
  } as const;

  beforeAll(async () => {
    infra = await testInfra(mode);
    bus = infra.bus;
  });
  afterAll(() => infra?.close());

  it('delivers batched events one by one, in publish order, beyond one batch’s size', async () => {
    const seen: number[] = [];
    const sub = bus.subscribe(batchedEvent, ({ n }) => void seen.push(n));
    await bus.flush();
    for (let n = 0; n < 600; n++) await bus.publish(batchedEvent, { n });
    await bus.flush();
    await eventually(() => expect(seen).toHaveLength(600));
    expect(seen).toEqual(Array.from({ length: 600 }, (_, n) => n));
    sub.unsubscribe();
  });

  it('refuses a payload that breaks its schema at publish', async () => {
    await expect(bus.publish(batchedEvent, { n: 'x' } as never)).rejects.toThrow(/invalid payload/);
  });

  it('answers each of many concurrent requests on its own (they travel batched), a failing one failing alone', async () => {
    const sub = bus.respond(doubling, async ({ n }) => {
      if (n === 3) throw new Error('three is refused');
      return { twice: 2 * n };
    });
    await bus.flush();
    const answers = await Promise.allSettled(Array.from({ length: 300 }, (_, n) => bus.request(doubling, { n })));
    expect(answers.filter((a) => a.status === 'rejected')).toHaveLength(1);
    expect(answers[3]).toMatchObject({ status: 'rejected', reason: { message: expect.stringContaining('three') } });
    expect(answers[7]).toEqual({ status: 'fulfilled', value: { twice: 14 } });
    expect(answers[299]).toEqual({ status: 'fulfilled', value: { twice: 598 } });
    sub.unsubscribe();
    await bus.flush();
  });

  it('rejects a request nobody answers', async () => {
    const nobody = { ...doubling, subject: `${subject}.nobody` };
    await expect(bus.request(nobody, { n: 1 }, 2000)).rejects.toThrow(/no responder/);
  });
});
