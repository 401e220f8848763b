import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { events } from '@honne/contracts/events';
import {
  createLogger,
  enqueueEvent,
  NatsBus,
  publishToUser,
  RedisCache,
  relayOutbox,
  systemClock,
  type Bus,
} from '@honne/service-kit';
import { eventually } from '@honne/service-kit/testing';

import { connect, type NatsConnection } from 'nats';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';

import { conversation, User } from '../support/client.ts';
import { faultSuiteRuns } from '../support/servers.ts';
import type { ServiceName } from '../support/stack.ts';
import { stackForSuite } from '../support/traffic.ts';

const real = faultSuiteRuns();

/** What every figure of this file says, printed at the end for bench/README.md. */
const figures: string[] = [];

/** The stored copies of accounts' events for one pair of users (JetStream keeps every publish). */
async function storedBlocks(nc: NatsConnection, blocker: string, blocked: string): Promise<number> {
  const js = nc.jetstream();
  const consumer = await js.consumers.get('EVENTS_ACCOUNTS', { filterSubjects: events.blockChanged.subject });
  let count = 0;
  const batch = await consumer.fetch({ max_messages: 10_000, expires: 1000 });
  for await (const m of batch) {
    const e = m.json<{ blocker_id: string; blocked_id: string }>();
    if (e.blocker_id === blocker && e.blocked_id === blocked) count++;
    if (m.info.pending === 0) break;
  }
  return count;
}

describe.runIf(real)('facts reach services that were down, once', () => {
  const suite = stackForSuite(figures);

  const restart = async (names: ServiceName[]) => {
    const t0 = performance.now();
    for (const name of names) await suite.stack.startService(name);
    return t0;
  };

  it('chat stopped, a block made in accounts, chat started: the blocked user’s next message is refused', async () => {
    const [x, y] = [await User.signUp(suite.stack, 'blocked'), await User.signUp(suite.stack, 'blocker')];
    const room = await conversation(x, y);
    expect((await x.send(room, 'ブロック前')).status).toBe('sent_success');

    await suite.stack.stopService('chat');
    await y.call('POST', '/users/block', { id: x.userId });
    const back = await restart(['chat']);

    await eventually(async () => expect((await x.send(room, '戻ったあと')).status).toBe('refused'), 10_000);
    figures.push(`block while chat was down: enforced ${Math.round(performance.now() - back)} ms after chat started`);
  });

  it('every consumer stopped, a user deleted, all started: each removed the user’s data within seconds', async () => {
    const [x, y] = [await User.signUp(suite.stack, 'deleted'), await User.signUp(suite.stack, 'other')];
    const room = await conversation(x, y);
    await x.send(room, '消える前');
    const points = () =>
      suite.stack
        .service('points')
        .ctx.db.selectFrom('accounts')
        .select('user_id')
        .where('user_id', '=', x.userId)
        .execute();
    const voices = () =>
      suite.stack.service('topics').ctx.db.selectFrom('topics').select('id').where('user_id', '=', x.userId).execute();
    const rooms = () =>
      suite.stack
        .service('chat')
        .ctx.db.selectFrom('rooms')
        .select('id')
        .where((w) => w.or([w('user1_id', '=', x.userId), w('user2_id', '=', x.userId)]))
        .execute();
    expect((await voices()).length).toBe(1);
    expect((await rooms()).length).toBe(1);
    await eventually(async () => expect((await points()).length).toBe(1), 10_000);

    const consumers: ServiceName[] = ['points', 'topics', 'chat', 'calls'];
    for (const name of consumers) await suite.stack.stopService(name);
    await x.call('POST', '/users/deleteUser');
    const back = await restart(consumers);

    await eventually(async () => {
      expect(await rooms()).toEqual([]);
      expect(await voices()).toEqual([]);
      expect(await points()).toEqual([]);
    }, 10_000);
    figures.push(
      `deletion while every consumer was down: applied ${Math.round(performance.now() - back)} ms after they started`,
    );
  });

  it('the outbox relay killed between commit and publish, and between publish and mark: published once after restart', async () => {
    const [x, y] = [await User.signUp(suite.stack, 'relayx'), await User.signUp(suite.stack, 'relayy')];
    const room = await conversation(x, y);
    const nc = await connect({ servers: suite.stack.nats.url });
    try {
      // Between commit and publish: NATS is down, so the block commits with its event and the relay
      // cannot publish it; then accounts (and its relay) is stopped.
      await suite.stack.nats.kill();
      await y.call('POST', '/users/block', { id: x.userId });
      const pending = await suite.stack
        .service('accounts')
        .ctx.db.selectFrom('outbox')
        .select('event_id')
        .where('published_at', 'is', null)
        .execute();
      expect(pending.length).toBeGreaterThan(0);
      await suite.stack.stopService('accounts');
      await suite.stack.nats.start();
      await nc.flush().catch(() => undefined);
      const back = await restart(['accounts']);
      await eventually(async () => expect((await x.send(room, 'まだ届く？')).status).toBe('refused'), 15_000);
      figures.push(
        `relay stopped before publishing: published and enforced ${Math.round(performance.now() - back)} ms after restart`,
      );
      expect(await storedBlocks(nc, y.userId, x.userId)).toBe(1);

      // Between publish and mark: the relay publishes, then dies before marking the row.
      const accounts = suite.stack.service('accounts').ctx;
      const stored = await storedBlocks(nc, x.userId, y.userId); // the block above said x→y too
      const event = { blocker_id: x.userId, blocked_id: y.userId, blocked: true, at: new Date().toISOString() };
      await accounts.db
        .transaction()
        .execute((trx) => enqueueEvent(trx, events.blockChanged, `crash-${x.userId}`, event, new Date()));
      const crashing: Bus = Object.create(accounts.bus, {
        flush: {
          value: async () => {
            await accounts.bus.flush();
            throw new Error('the relay died before marking what it published');
          },
        },
      });
      const log = createLogger('faults', 'silent');
      await expect(relayOutbox(accounts.db, crashing, [events.blockChanged], log, () => new Date())).rejects.toThrow(
        'died before marking',
      );
      await relayOutbox(accounts.db, accounts.bus, [events.blockChanged], log, () => new Date());
      expect(await storedBlocks(nc, x.userId, y.userId)).toBe(stored + 1);
    } finally {
      await nc.close();
    }
  });

  it('a client that stops reading its socket cannot grow the gateway’s memory; it resumes from its seq later', async () => {
    const [gateway] = suite.stack.gateways;
    const z = await User.signUp(suite.stack, 'slow');
    const log = createLogger('faults', 'silent');
    const bus = await NatsBus.connect(suite.stack.nats.url, 'faults-publisher', log);
    const cache = await RedisCache.connect(suite.stack.redis.url);
    try {
      const ws = new WebSocket(`${gateway!.url.replace(/^http/, 'ws')}/api/v1/realtime?token=${z.token}`);
      const seen: number[] = [];
      ws.on('message', (raw) => {
        const frame = JSON.parse(String(raw)) as { type: string; seq?: number };
        if (frame.seq !== undefined) seen.push(frame.seq);
      });
      await new Promise((resolve) => ws.once('message', resolve));
      ws.pause(); // reads nothing more: the kernel's buffers fill, then the gateway's

      const before = await suite.stack.memoryOf(gateway!);
      const ctx = { bus, cache, clock: systemClock };
      const big = 'あ'.repeat(10_000); // 30 KB in UTF-8
      const count = 900; // ~27 MB in all, within the replay log's 1,000 events
      for (let i = 0; i < count; i++) await publishToUser(ctx, z.userId, 'faults.filler', { i, big } as never);
      await bus.flush();
      let after = before;
      await eventually(async () => {
        after = await suite.stack.memoryOf(gateway!);
        expect(after.sockets).toBe(before.sockets - 1);
      }, 20_000);
      const grew = after.heapUsed + after.external - (before.heapUsed + before.external);
      figures.push(
        `slow reader: ${count} events (${Math.round((count * big.length * 3) / 1e6)} MB) sent to a socket that reads nothing; ` +
          `gateway heap+external grew ${Math.round(grew / 1e6)} MB; socket cut`,
      );
      expect(grew).toBeLessThan(16e6);
      ws.terminate();

      // Later it comes back with its last seq and gets the rest, each once, in order.
      const last = seen.at(-1) ?? 0;
      const rest: number[] = [];
      const again = new WebSocket(
        `${gateway!.url.replace(/^http/, 'ws')}/api/v1/realtime?token=${z.token}&since=${last}`,
      );
      again.on('message', (raw) => {
        const frame = JSON.parse(String(raw)) as { seq?: number };
        if (frame.seq !== undefined) rest.push(frame.seq);
      });
      await eventually(() => expect(rest.length).toBe(count - last), 20_000);
      expect(rest).toEqual(Array.from({ length: count - last }, (_, i) => last + 1 + i));
      again.close();
    } finally {
      await bus.close();
      await cache.close();
    }
  });

  it('copies lost anyway are rebuilt from their owners on demand (the rebuild CLIs of chat, topics and points)', async () => {
    const [x, y] = [await User.signUp(suite.stack, 'rbblocked'), await User.signUp(suite.stack, 'rbblocker')];
    const room = await conversation(x, y);
    // y opened the room on x's voice and writes in it: topics lists a reply, replied.
    expect((await y.send(room, '返信です')).status).toBe('sent_success');
    await y.call('POST', '/users/block', { id: x.userId });
    await eventually(async () => expect((await x.send(room, 'ブロック後')).status).toBe('refused'), 10_000);

    const chatDb = suite.stack.service('chat').ctx.db;
    const topicsDb = suite.stack.service('topics').ctx.db;
    const pointsDb = suite.stack.service('points').ctx.db;
    const pair = [x.userId, y.userId];
    const topicsCards = () =>
      topicsDb
        .selectFrom('user_cards')
        .select(['user_id', 'user_name', 'age_id', 'is_expert'])
        .where('user_id', 'in', pair)
        .orderBy('user_id')
        .execute();
    const pointsCopies = () =>
      pointsDb
        .selectFrom('spender_ages')
        .select(['user_id', 'family_id', 'teen'])
        .where('user_id', 'in', pair)
        .orderBy('user_id')
        .execute();
    const history = () =>
      topicsDb
        .selectFrom('history')
        .select(['user_id', 'type', 'topic_id', 'partner_id', 'partner_anonymous', 'expire_at'])
        .where('room_id', '=', room)
        .orderBy('type')
        .execute();
    const replies = () =>
      topicsDb
        .selectFrom('replies')
        .select(['topic_id', 'user_id', 'is_anonymous', 'is_replied'])
        .where('room_id', '=', room)
        .execute();
    // What the events left, to compare with what the rebuilds bring back.
    await eventually(async () => expect(await pointsCopies()).toHaveLength(2), 10_000);
    await eventually(
      async () => expect(await replies()).toMatchObject([{ user_id: y.userId, is_replied: true }]),
      10_000,
    );
    const [cardsBefore, agesBefore, historyBefore, repliesBefore] = [
      await topicsCards(),
      await pointsCopies(),
      await history(),
      await replies(),
    ];
    expect(cardsBefore).toHaveLength(2);
    expect(historyBefore.map((h) => h.user_id)).toEqual([x.userId, y.userId]);

    // A user deleted while every service's `accounts.user.deleted` was lost: their ledger, their
    // voice with a room on it, their room on another's voice (whose owner keeps a history entry of
    // it), their messages and cards all stayed behind.
    const gone = await User.signUp(suite.stack, 'rbgone');
    const host = await User.signUp(suite.stack, 'rbhost');
    const onGoneVoice = await conversation(gone, y);
    const onHostVoice = await conversation(host, gone);
    expect((await gone.send(onHostVoice, '消える人から')).status).toBe('sent_success');
    const ledgerOf = (userId: string) =>
      pointsDb.selectFrom('accounts').select('user_id').where('user_id', '=', userId).execute();
    const goneInChat = async () => ({
      cards: (await chatDb.selectFrom('user_cards').select('user_id').where('user_id', '=', gone.userId).execute())
        .length,
      rooms: (
        await chatDb
          .selectFrom('rooms')
          .select('id')
          .where((w) => w.or([w('user1_id', '=', gone.userId), w('user2_id', '=', gone.userId)]))
          .execute()
      ).length,
      messages: (
        await chatDb
          .selectFrom('messages')
          .select('id')
          .where((w) => w.or([w('sender_id', '=', gone.userId), w('receiver_id', '=', gone.userId)]))
          .execute()
      ).length,
    });
    const goneInTopics = async () => ({
      cards: (await topicsDb.selectFrom('user_cards').select('user_id').where('user_id', '=', gone.userId).execute())
        .length,
      voices: (await topicsDb.selectFrom('topics').select('id').where('user_id', '=', gone.userId).execute()).length,
      history: (await topicsDb.selectFrom('history').select('id').where('user_id', '=', gone.userId).execute()).length,
      replies: (await topicsDb.selectFrom('replies').select('id').where('user_id', '=', gone.userId).execute()).length,
    });
    // The owner's entry of the room on their voice: chat will no longer have that room.
    const hostEntry = () =>
      topicsDb
        .selectFrom('history')
        .select('user_id')
        .where('room_id', '=', onHostVoice)
        .where('user_id', '=', host.userId)
        .execute();
    await eventually(async () => {
      expect(await ledgerOf(gone.userId)).toHaveLength(1);
      expect(await goneInChat()).toEqual({ cards: 1, rooms: 2, messages: 1 });
      expect(await goneInTopics()).toEqual({ cards: 1, voices: 1, history: 2, replies: 1 });
      expect(await hostEntry()).toHaveLength(1);
    }, 10_000);
    await suite.stack.service('accounts').ctx.db.deleteFrom('users').where('id', '=', gone.userId).execute();
    const houses = () =>
      pointsDb.selectFrom('accounts').select('user_id').where('user_id', 'like', 'house:%').execute();
    const housesBefore = await houses();

    // The copies are lost (a stream kept too short, a restore from an old backup): the block no longer holds.
    await chatDb.deleteFrom('blocks').execute();
    await chatDb.deleteFrom('user_cards').where('user_id', 'in', pair).execute();
    await topicsDb.deleteFrom('blocks').execute();
    await topicsDb.deleteFrom('user_cards').where('user_id', 'in', pair).execute();
    await topicsDb.deleteFrom('history').where('room_id', '=', room).execute();
    await topicsDb.deleteFrom('replies').where('room_id', '=', room).execute();
    await pointsDb.deleteFrom('spender_ages').where('user_id', 'in', pair).execute();
    await pointsDb.deleteFrom('accounts').where('user_id', '=', x.userId).execute();
    expect((await x.send(room, '消えたコピー')).status).toBe('sent_success');

    // An operator runs each service's CLI, a process of its own like the deployed one.
    const t0 = performance.now();
    for (const [service, entry] of [
      ['chat', 'src/rebuild.ts'],
      ['topics', 'src/rebuild.ts'],
      ['points', 'src/cli/rebuild.ts'],
    ] as const) {
      const dir = fileURLToPath(new URL(`../../services/${service}/`, import.meta.url));
      await promisify(execFile)(process.execPath, ['--import', 'tsx', `${dir}${entry}`], {
        env: suite.stack.env,
        cwd: dir,
      });
    }
    figures.push(
      `read models rebuilt from accounts (chat, topics, points CLIs): ${Math.round(performance.now() - t0)} ms`,
    );

    expect((await x.send(room, '再構築後')).status).toBe('refused');
    const card = await chatDb.selectFrom('user_cards').selectAll().where('user_id', '=', y.userId).executeTakeFirst();
    expect(card).toMatchObject({ user_id: y.userId });
    const topicsBlock = await topicsDb
      .selectFrom('blocks')
      .select('blocked')
      .where('blocker_id', '=', y.userId)
      .where('blocked_id', '=', x.userId)
      .executeTakeFirst();
    expect(topicsBlock).toEqual({ blocked: true });
    expect(await topicsCards()).toEqual(cardsBefore);
    expect(await history()).toEqual(historyBefore);
    expect(await replies()).toEqual(repliesBefore);
    expect(await ledgerOf(gone.userId)).toEqual([]);
    // Chat's and topics' data of the deleted user went as the lost event would have removed it, and
    // the owner's entry of the room chat no longer has went with that room.
    expect(await goneInChat()).toEqual({ cards: 0, rooms: 0, messages: 0 });
    expect(await goneInTopics()).toEqual({ cards: 0, voices: 0, history: 0, replies: 0 });
    expect(await hostEntry()).toEqual([]);
    expect(
      await topicsDb.selectFrom('history').select('id').where('room_id', 'in', [onGoneVoice, onHostVoice]).execute(),
    ).toEqual([]);
    expect(await houses()).toEqual(housesBefore);
    expect(await pointsCopies()).toEqual(agesBefore);
    const account = await pointsDb
      .selectFrom('accounts')
      .select('balance')
      .where('user_id', '=', x.userId)
      .executeTakeFirst();
    expect(account).toEqual({ balance: expect.anything() });
    expect(Number(account!.balance)).toBe(0);
  });
});
