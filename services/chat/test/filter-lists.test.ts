import { messages } from '@honne/contracts/messages';
import { infraModes } from '@honne/service-kit/testing';
import { describe, expect, it } from 'vitest';

import { moderationBeside } from './moderation-beside.ts';
import { startHarness } from './harness.ts';

// A list change made in the console reaches every chat instance (ADR 0028): two instances of chat
// on one bus and one database, the moderation service beside them. The word is added through
// safety's console API; the second instance, which never served the console, refuses it next.
describe.each(infraModes())('a filter list change reaches a second chat instance ($name)', (mode) => {
  it('refuses a newly listed word on the other instance within a second, and lets it go once removed', async () => {
    const h = await startHarness(mode, { instances: 2 });
    const moderation = await moderationBeside(h, mode);
    const consoleCall = moderation.console;
    const second = h.others[0]!;
    const viaSecond = h.via(0);
    try {
      // Both instances hold safety's lists (they may have started before it: they asked again).
      const version = (await consoleCall('GET', '/admin/safety/filter/entries')).json().data.version as number;
      await h.ctx.filterLists!.reached(version);
      await second.ctx.filterLists!.reached(version);

      const a = await h.user();
      const b = await h.user();
      const roomId = await h.topicRoom(b, await h.voice(a));
      const word = `ヤバ語${Math.random().toString(36).slice(2, 7)}`;
      const send = (data: string) => viaSecond('POST', '/messages', b, { room_id: roomId, message_type_id: 1, data });
      expect((await send(`これは${word}です`)).statusCode).toBe(200);

      const changedAt = performance.now();
      const added = await consoleCall('POST', '/admin/safety/filter/entries', {
        kind: 'term',
        pattern: word,
        action: 'refuse',
      });
      expect(added.statusCode).toBe(200);
      await second.ctx.filterLists!.reached(version + 1);
      const inEffectMs = performance.now() - changedAt;
      expect(inEffectMs).toBeLessThan(1000);
      console.log(`filter change in effect on the second instance after ${inEffectMs.toFixed(1)} ms (${mode.name})`);

      // Written with evasions, on the instance that never saw the console: refused with the message.
      const refused = await send(`これは${word.replace('ヤバ', 'ﾔﾊﾞ')}です`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errors).toEqual({ data: messages.textRefused });

      await consoleCall('DELETE', `/admin/safety/filter/entries/${added.json().data.id}`);
      await second.ctx.filterLists!.reached(version + 2);
      await h.ctx.filterLists!.reached(version + 2);
      expect((await send(`これは${word}です`)).statusCode).toBe(200);
    } finally {
      await moderation.close();
      await h.close();
    }
    // Embedded: two services each on PGlite (its start is most of the time).
  }, 90_000);
});
