import { Type } from '@sinclair/typebox';
import { expect, it } from 'vitest';

import { BusError, NatsBus } from '../src/bus.ts';
import { createLogger } from '../src/logger.ts';
import { describeOnRealInfra, eventually, uniqueName } from '../src/testing.ts';

const log = createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent');

/**
 * A bus closing while handlers still finish (a SIGTERM, a test's harness closing): nats.js throws
 * on every publish once the connection drains. Seen in CI: a batched event added during the drain
 * was sent at the end of the turn, threw there, and the uncaught error failed the whole run.
 */
describeOnRealInfra('NATS bus while it closes', (mode) => {
  const subject = uniqueName('closing');
  const event = { subject: `${subject}.event`, schema: Type.Object({ n: Type.Integer() }), batched: true } as const;
  const request = {
    subject: `${subject}.request`,
    request: Type.Object({ n: Type.Integer() }),
    reply: Type.Object({ n: Type.Integer() }),
  } as const;

  it('sends what was published before close, and refuses what comes after with a BusError', async () => {
    const listener = await NatsBus.connect(mode.natsUrl!, 'listener', log);
    const closing = await NatsBus.connect(mode.natsUrl!, 'closing', log);
    try {
      const seen: number[] = [];
      listener.subscribe(event, ({ n }) => void seen.push(n));
      await listener.flush();

      await closing.publish(event, { n: 1 }); // batched: waits for the end of the turn
      const closed = closing.close();
      await expect(closing.publish(event, { n: 2 })).rejects.toBeInstanceOf(BusError);
      await expect(closing.request(request, { n: 3 })).rejects.toThrow(/closing/);
      await closed;

      await eventually(() => expect(seen).toEqual([1]));
    } finally {
      await listener.close();
    }
  });

  it('a handler that answers after its bus began closing ends the process neither by its event nor by its answer', async () => {
    const asker = await NatsBus.connect(mode.natsUrl!, 'asker', log);
    const answerer = await NatsBus.connect(mode.natsUrl!, 'answerer', log);
    try {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let entered!: () => void;
      const inside = new Promise<void>((r) => (entered = r));
      answerer.respond(request, async ({ n }) => {
        entered();
        await held;
        // Its own batched event, as a chat handler publishes a message's: sent from the turn's end.
        await answerer.publish(event, { n }).catch((err: unknown) => expect(err).toBeInstanceOf(BusError));
        return { n };
      });
      await answerer.flush();
      const asked = asker.request(request, { n: 7 }, 2000);
      await inside;
      const closed = answerer.close();
      release();
      await closed;
      // The answer is either sent before the drain ends or lost with the connection; the asker's
      // own timeout tells it which. Either way, nothing was thrown out of a callback.
      await asked.then(
        (reply) => expect(reply).toEqual({ n: 7 }),
        (err: unknown) => expect(err).toBeInstanceOf(BusError),
      );
    } finally {
      await asker.close();
    }
  });
});
