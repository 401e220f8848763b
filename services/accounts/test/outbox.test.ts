import { events } from '@honne/contracts/events';
import { infraModes } from '@honne/service-kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { accountsRelay } from '../src/events/outbox.ts';

import { startHarness, type Harness } from './harness.ts';

// Issue 12: a block or a deletion commits with its events; a bus that cannot take them (NATS
// unreachable from accounts) delays them, never loses them, and a relay run twice sends them once.
describe.each(infraModes())('accounts outbox ($name)', (mode) => {
  let h: Harness;
  const heard: { subject: string; key: string }[] = [];
  beforeAll(async () => {
    h = await startHarness(mode);
    h.infra.bus.subscribe(
      events.blockChanged,
      (e) => void heard.push({ subject: 'block', key: `${e.blocker_id}>${e.blocked_id}:${e.blocked}` }),
    );
    h.infra.bus.subscribe(events.userDeleted, (e) => void heard.push({ subject: 'deleted', key: e.user_id }));
    h.infra.bus.subscribe(events.userRegistered, (e) => void heard.push({ subject: 'registered', key: e.user_id }));
    h.infra.bus.subscribe(
      events.friendChanged,
      (e) => void heard.push({ subject: 'friend', key: `${e.user_id}>${e.friend_id}:${e.friend}` }),
    );
    h.infra.bus.subscribe(
      events.userProfileUpdated,
      (e) => void heard.push({ subject: 'profile', key: `${e.user_id}:${e.user_name}` }),
    );
    h.infra.bus.subscribe(
      events.userSettingsUpdated,
      (e) => void heard.push({ subject: 'settings', key: `${e.user_id}:${e.saved_message_time}` }),
    );
    await h.infra.bus.flush();
  });
  afterAll(() => h?.close());

  /** Accounts' own publishes fail while cut off: its NATS client errors as on a lost connection. */
  function cutOff(): () => void {
    const bus = h.ctx.bus;
    const publish = bus.publish.bind(bus);
    bus.publish = async () => {
      throw new Error('NATS unreachable');
    };
    return () => {
      bus.publish = publish;
    };
  }
  const pending = async () =>
    Number(
      (
        await h.ctx.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('published_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('keeps a block made while the bus is down, and sends its events once when it is back', async () => {
    const a = (await h.register(`ob-a-${Date.now()}@example.jp`)).caller;
    const b = (await h.register(`ob-b-${Date.now()}@example.jp`)).caller;
    const restore = cutOff();
    try {
      const res = await h.post('/users/block', { id: b.userId }, h.as(a));
      expect(res.statusCode, res.body).toBe(200);
      expect(await pending()).toBeGreaterThan(0);
    } finally {
      restore();
    }
    const key = `${a.userId}>${b.userId}:true`;
    expect(heard.filter((e) => e.key === key)).toEqual([]);
    // The relay's next round (the service runs one every second) sends it; a second round nothing more.
    await accountsRelay(h.ctx).now();
    await accountsRelay(h.ctx).now();
    await expect.poll(() => heard.filter((e) => e.key === key).length).toBe(1);
    expect(await pending()).toBe(0);
  });

  it('deletes a user and tells every service, though the bus was down at that moment', async () => {
    const gone = await h.register(`ob-gone-${Date.now()}@example.jp`);
    const restore = cutOff();
    try {
      expect((await h.post('/users/deleteUser', {}, h.as(gone.caller))).statusCode).toBe(200);
    } finally {
      restore();
    }
    expect(heard.filter((e) => e.subject === 'deleted' && e.key === gone.user_id)).toEqual([]);
    await expect
      .poll(() => heard.filter((e) => e.subject === 'deleted' && e.key === gone.user_id).length, {
        timeout: 5_000,
      })
      .toBe(1);
  });

  it('keeps a registration, a profile change and a retention setting made while the bus is down', async () => {
    const email = `ob-new-${Date.now()}@example.jp`;
    const restore = cutOff();
    let user: Awaited<ReturnType<Harness['register']>>;
    try {
      user = await h.register(email);
      const put = await h.app.inject({
        method: 'PUT',
        url: '/users',
        payload: { user_name: 'おとなし', gender: 1, age_id: 3, area_id: 13, is_infomation: 1 },
        headers: h.as(user.caller),
      });
      expect(put.statusCode, put.body).toBe(200);
      const setting = await h.app.inject({
        method: 'PUT',
        url: '/users/setting',
        payload: { saved_message_time: 120 },
        headers: h.as(user.caller),
      });
      expect(setting.statusCode, setting.body).toBe(200);
    } finally {
      restore();
    }
    const mine = () => heard.filter((e) => e.key.startsWith(user.user_id)).map((e) => `${e.subject} ${e.key}`);
    expect(mine()).toEqual([]);
    await accountsRelay(h.ctx).now();
    await expect
      .poll(mine)
      .toEqual([`registered ${user.user_id}`, `profile ${user.user_id}:おとなし`, `settings ${user.user_id}:120`]);
  });
  it('a friendship or a character whose event cannot be queued is not made: the rollback publishes nothing', async () => {
    const a = await h.register(`ob-fa-${Date.now()}@example.jp`);
    const b = await h.register(`ob-fb-${Date.now()}@example.jp`);
    const db = h.ctx.db;
    const friendRows = async () =>
      (await db.selectFrom('friends').select('id').where('user_id', 'in', [a.user_id, b.user_id]).execute()).length;
    const { email_id } = await db
      .selectFrom('users')
      .select('email_id')
      .where('id', '=', a.user_id)
      .executeTakeFirstOrThrow();
    const characters = async () =>
      (await db.selectFrom('users').select('id').where('email_id', '=', email_id).execute()).length;
    const [charactersBefore, pendingBefore] = [await characters(), await pending()];
    // The outbox refuses these two events, as a crash or a full disk between the write and its event would.
    await sql`create or replace function refuse_outbox() returns trigger language plpgsql as $$
      begin raise exception 'outbox refused'; end $$`.execute(db);
    await sql`create trigger refuse_outbox before insert on outbox for each row
      when (new.subject in ('accounts.friend.changed', 'accounts.user.registered'))
      execute function refuse_outbox()`.execute(db);
    try {
      const friend = await h.post(
        '/users/friends',
        { user_id: b.user_id, room_id: null, topic_id: null },
        h.as(a.caller),
      );
      expect(friend.statusCode, friend.body).toBe(500);
      const character = await h.post('/users/add_myusers', {}, h.as(a.caller));
      expect(character.statusCode, character.body).toBe(500);
    } finally {
      await sql`drop trigger refuse_outbox on outbox`.execute(db);
    }
    // Neither change was kept, and nothing waits to be published.
    expect(await friendRows()).toBe(0);
    expect(await characters()).toBe(charactersBefore);
    expect(await pending()).toBe(pendingBefore);

    // Made again with the outbox working: the friendship's one event is the first this pair hears.
    const again = await h.post('/users/friends', { user_id: b.user_id, room_id: null, topic_id: null }, h.as(a.caller));
    expect(again.statusCode, again.body).toBe(200);
    await accountsRelay(h.ctx).now();
    const pair = (e: { subject: string; key: string }) => e.subject === 'friend' && e.key.startsWith(a.user_id);
    await expect.poll(() => heard.filter(pair).map((e) => e.key)).toEqual([`${a.user_id}>${b.user_id}:true`]);
    expect(await friendRows()).toBe(2);
  });
});
