import { randomUUID } from 'node:crypto';

import type { AgeState } from '@honne/contracts/age';
import { events } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness, type Person } from './harness.ts';

// The contact-exchange policy under age assurance (issue 28, ADR 0031): in a 1:1 chat contact
// details pass only between two verified adults; chat learns each person's state from safety's
// `safety.person.age_state` and keeps the newest.
describe.each(infraModes())('contact details by age-assurance state ($name)', (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(mode);
  });
  afterAll(() => h?.close());

  let tick = 0;
  const setState = (p: Person, state: AgeState, at = new Date(Date.now() + ++tick)) =>
    h.publish(
      events.personAgeState,
      { event_id: randomUUID(), person_id: `person-${p.userId}`, user_ids: [p.userId], state, at: at.toISOString() },
      async () =>
        (
          await h.ctx.db
            .selectFrom('person_age_states')
            .select(['state', 'at'])
            .where('user_id', '=', p.userId)
            .executeTakeFirst()
        )?.at.getTime() === at.getTime(),
    );

  const pair = async () => {
    const x = await h.user();
    const y = await h.user();
    return { x, y, room: await h.topicRoom(y, h.voice(x)) };
  };

  const LINE = 'LINE交換しよ！IDは taro_1234 だよ';
  const PHONE = '電話して 090-1234-5678';

  it('refuses them between people who are not both verified adults, with the reason', async () => {
    const cases: [AgeState | undefined, AgeState | undefined][] = [
      [undefined, undefined],
      ['verified_adult', undefined],
      ['verified_adult', 'self_declared_adult'],
      ['verified_adult', 'minor'],
      ['minor', 'minor'],
    ];
    for (const [sx, sy] of cases) {
      const { x, y, room } = await pair();
      if (sx) await setState(x, sx);
      if (sy) await setState(y, sy);
      for (const [from, data] of [
        [x, LINE],
        [y, PHONE],
      ] as const) {
        const res = await h.send(from, room, { data });
        expect(res.statusCode, `${sx}/${sy}: ${data}`).toBe(403);
        expect(res.json().errors).toEqual({ data: messages.contactRefused });
      }
    }
    expect(messages.contactRefused).toContain('年齢確認済みの方同士でないと連絡先の交換はできません');
  });

  it('lets two verified adults swap a LINE ID and a phone number; a later state takes it back, an older one does not', async () => {
    const { x, y, room } = await pair();
    await setState(x, 'verified_adult');
    await setState(y, 'verified_adult');
    for (const [from, data] of [
      [x, LINE],
      [y, PHONE],
    ] as const) {
      const res = await h.send(from, room, { data });
      expect(res.statusCode, data).toBe(200);
      expect(res.json().data.data).toBe(data);
    }
    // An event older than the one kept changes nothing: it names a character with no row yet too,
    // whose row appearing shows the event was applied (one statement for both).
    const marker = `marker-${randomUUID()}`;
    await h.publish(
      events.personAgeState,
      {
        event_id: randomUUID(),
        person_id: `person-${y.userId}`,
        user_ids: [y.userId, marker],
        state: 'self_declared_adult',
        at: new Date(0).toISOString(),
      },
      async () =>
        (
          await h.ctx.db
            .selectFrom('person_age_states')
            .select('state')
            .where('user_id', '=', marker)
            .executeTakeFirst()
        )?.state === 'self_declared_adult',
    );
    expect((await h.send(x, room, { data: LINE })).statusCode).toBe(200);
    // One of them becomes a minor (a character declared 10代): refused again.
    await setState(y, 'minor');
    expect((await h.send(x, room, { data: LINE })).statusCode).toBe(403);
  });

  it('follows the policy operators set: a pair they allow passes, a minor never does', async () => {
    const policy = (contact_pairs: string[][], at: Date) =>
      h.publish(
        events.agePolicyChanged,
        { event_id: randomUUID(), contact_pairs, at: at.toISOString() },
        async () =>
          (
            await h.ctx.db.selectFrom('age_policy').select('at').where('id', '=', 1).executeTakeFirst()
          )?.at.getTime() === at.getTime(),
      );
    const { x, y, room } = await pair();
    await setState(x, 'verified_adult');
    await setState(y, 'self_declared_adult');
    expect((await h.send(x, room, { data: LINE })).statusCode).toBe(403);
    await policy(
      [
        ['self_declared_adult', 'verified_adult'],
        ['verified_adult', 'verified_adult'],
      ],
      new Date(Date.now() + ++tick),
    );
    expect((await h.send(x, room, { data: LINE })).statusCode).toBe(200);
    expect((await h.send(y, room, { data: PHONE })).statusCode).toBe(200);
    await setState(y, 'minor');
    expect((await h.send(x, room, { data: LINE })).statusCode).toBe(403);
    // Back to the default for whatever runs next on this database.
    await policy([['verified_adult', 'verified_adult']], new Date(Date.now() + ++tick));
  });
});
