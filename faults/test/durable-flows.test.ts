import { CALL_RECORD } from '@honne/contracts/calls';
import { totpCode } from '@honne/safety';
import { eventually } from '@honne/service-kit/testing';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';

import { ApiError, request, User, voiceFor } from '../support/client.ts';
import { faultSuiteRuns } from '../support/servers.ts';
import { FAULTS_ADMIN } from '../support/stack.ts';
import { stackForSuite } from '../support/traffic.ts';

const real = faultSuiteRuns();

/** What every figure of this file says, printed at the end for bench/README.md. */
const figures: string[] = [];

/**
 * Issue 26: what a user sees does not depend on a part being up at the moment it happens. A call's
 * end reaches chat (the room's call record) through calls' outbox and JetStream; opening a paid
 * chat is one durable flow, so a crash between the charge and the room leaves one room, one charge.
 */
describe.runIf(real)('flows that survive a part going down', () => {
  const suite = stackForSuite(figures);

  // Operators act through the console (ADR 0034): the suite.stack's first admin, signed in once.
  let consoleToken: string | undefined;
  const operator = async (method: string, url: string, body: unknown) => {
    consoleToken ??= (
      (await request(suite.stack, 'POST', '/admin/safety/sessions', undefined, {
        email: FAULTS_ADMIN.email,
        password: FAULTS_ADMIN.password,
        totp: totpCode(FAULTS_ADMIN.totp, new Date()),
      })) as { token: string }
    ).token;
    return request(suite.stack, method, url, consoleToken, body);
  };

  it('chat down when a call ends: the call record is in the room once chat is back', async () => {
    const [owner, caller] = [await User.signUp(suite.stack, 'callee'), await User.signUp(suite.stack, 'caller')];
    const topic = await voiceFor(owner, caller, { is_callable: true });
    const room = (await caller.call('POST', '/rooms', { topic_id: topic, room_type_id: 4 })) as { id: string };
    const call = (await caller.call('POST', `/rooms/${room.id}/calling`, {})) as { id: string; state: string };
    expect(call.state).toBe('calling');

    await suite.stack.stopService('chat');
    // The caller gives up while chat is down: the end commits with its event in calls' outbox.
    const ended = (await caller.call('POST', `/rooms/${room.id}/callanswer`, { action: 'hangup' })) as {
      end_cause: string;
    };
    expect(ended.end_cause).toBe('cancel');
    const t0 = performance.now();
    await suite.stack.startService('chat');

    const records = async () =>
      ((await owner.call('GET', `/rooms/${room.id}/messages`)) as { message_type_id: number }[]).filter(
        (m) => m.message_type_id === CALL_RECORD.cancel,
      );
    await eventually(async () => expect(await records()).toHaveLength(1), 15_000);
    figures.push(
      `call ended while chat was down: its record in the room ${Math.round(performance.now() - t0)} ms after chat started`,
    );
    // Once: the redelivery after the restart stored nothing twice.
    expect(await records()).toHaveLength(1);
  });

  it('a crash between the charge and the room: after the restart, one room and one charge', async () => {
    const [owner, payer] = [await User.signUp(suite.stack, 'seller'), await User.signUp(suite.stack, 'payer')];
    await operator('PUT', `/admin/safety/users/${owner.userId}/rank`, {
      max_point_for_chatting: 500,
      max_point_for_a_call: 100,
    });
    // Grants go to users points knows: the registration event may still be on its way (idempotent key).
    await eventually(
      () =>
        operator('POST', '/admin/safety/points/grants', {
          user_id: payer.userId,
          amount: 1000,
          reason: 'faults',
          idempotency_key: `faults-${payer.userId}`,
        }),
      10_000,
    );
    // Topics hears of the rank through accounts' event: the price is refused until it has.
    const topic = await eventually(() => voiceFor(owner, payer, { chat_price: 100 }), 10_000);
    const balance = async () => ((await payer.call('GET', '/points/balance')) as { balance: number }).balance;
    const fees = () =>
      suite.stack
        .service('points')
        .ctx.db.selectFrom('transfers')
        .select(['room_id', 'amount'])
        .where('kind', '=', 'chat_fee')
        .where('idempotency_key', 'like', `%${topic}%`)
        .execute();

    // The room's insert fails after points charged, as a process dying between the two would leave it.
    const chatDb = suite.stack.service('chat').ctx.db as Kysely<unknown>;
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION faults_fail_room_insert() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN RAISE EXCEPTION 'injected crash'; END $$`,
      )
      .execute(chatDb);
    await sql
      .raw(
        'CREATE TRIGGER faults_fail_room_insert BEFORE INSERT ON rooms FOR EACH ROW EXECUTE FUNCTION faults_fail_room_insert()',
      )
      .execute(chatDb);
    const open = () => payer.call('POST', '/rooms', { topic_id: topic, room_type_id: 2, confirm_price: true });
    const failed = await open().catch((err: unknown) => err);
    await sql.raw('DROP TRIGGER faults_fail_room_insert ON rooms').execute(chatDb);
    expect(failed).toBeInstanceOf(ApiError);
    expect((failed as ApiError).status).toBe(500);
    expect(await fees()).toHaveLength(1);
    expect(await balance()).toBe(900);

    // The crash: chat goes down with the plan in its database, and comes back.
    await suite.stack.stopService('chat');
    const t0 = performance.now();
    await suite.stack.startService('chat');
    const rooms = () =>
      suite.stack
        .service('chat')
        .ctx.db.selectFrom('rooms')
        .select(['id', 'paid', 'opener_id'])
        .where('topic_id', '=', topic)
        .execute();
    // The recovery job leaves a plan to its request for 15 s, then finishes it (every 5 s).
    await eventually(async () => expect(await rooms()).toHaveLength(1), 40_000);
    figures.push(
      `paid chat crashed between charge and room: the room made ${Math.round(performance.now() - t0)} ms after chat started`,
    );
    const [made] = await rooms();
    expect(made).toMatchObject({ paid: true, opener_id: payer.userId });
    expect(await fees()).toEqual([{ room_id: made!.id, amount: 100 }]);
    expect(await balance()).toBe(900);

    // The payer trying again meets the same room, charged nothing more.
    const again = (await open()) as { id: string; paid: boolean };
    expect(again).toMatchObject({ id: made!.id, paid: true });
    expect(await rooms()).toHaveLength(1);
    expect(await fees()).toHaveLength(1);
    expect(await balance()).toBe(900);
  });
});
