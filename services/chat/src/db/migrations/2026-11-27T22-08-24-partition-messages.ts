import { sql, type Kysely } from 'kysely';

const COLUMNS = `seq, id, room_id, sender_id, receiver_id, message_type_id, data, width, height, stamp_id, is_sound,
  sound_tab, sound_item, is_voice, image_id, refused, held, is_read, client_id, created_at, expire_at`;

/**
 * Messages partitioned by the hour they expire (ADR 0035): expiry drops a whole partition instead of
 * deleting rows. Every unique key includes `expire_at`, as PostgreSQL requires of a partitioned
 * table, so a resend's client_id is made unique in `message_client_ids` beside it. The existing rows
 * are kept: they go to the default partition, from which the first maintenance run moves each into
 * its hour (jobs/partitions.ts). The sequence carries on, so `seq` keeps ordering old and new.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table messages rename to messages_unpartitioned`.execute(db);
  for (const name of ['messages_room_seq', 'messages_receiver_unread', 'messages_expire', 'messages_client_id'])
    await sql`alter index if exists ${sql.ref(name)} rename to ${sql.ref(`${name}_unpartitioned`)}`.execute(db);
  await sql`
    create table messages (
      seq bigint not null default nextval('messages_seq_seq'),
      id uuid not null,
      room_id uuid not null,
      sender_id text not null,
      receiver_id text not null,
      message_type_id integer not null,
      data text not null,
      width integer,
      height integer,
      stamp_id integer,
      is_sound boolean not null default false,
      sound_tab integer,
      sound_item integer,
      is_voice boolean not null default false,
      image_id uuid,
      refused boolean not null default false,
      held boolean not null default false,
      is_read boolean not null default false,
      client_id text,
      created_at timestamptz not null,
      expire_at timestamptz not null,
      primary key (seq, expire_at),
      unique (id, expire_at)
    ) partition by range (expire_at)`.execute(db);
  await sql`create table messages_default partition of messages default`.execute(db);
  await sql`alter sequence messages_seq_seq owned by messages.seq`.execute(db);
  // The same reads as before, per partition: a room's messages by seq, a receiver's unread, expiry
  // (the announcement's pages). Lookups by id use the (id, expire_at) key; resends go through
  // message_client_ids, so the old (sender_id, client_id) index has no reader left.
  await sql`create index messages_room_seq on messages (room_id, seq)`.execute(db);
  await sql`create index messages_receiver_unread on messages (receiver_id, is_read)`.execute(db);
  await sql`create index messages_expire on messages (expire_at)`.execute(db);

  // One row per (sender, client_id) a message was stored with: the resend's dedupe, which a unique
  // index on the partitioned table (it would have to include expire_at) could no longer give.
  await sql`
    create table message_client_ids (
      sender_id text not null,
      client_id text not null,
      message_id uuid not null,
      expire_at timestamptz not null,
      primary key (sender_id, client_id)
    )`.execute(db);
  await sql`create index message_client_ids_expire on message_client_ids (expire_at)`.execute(db);

  // Up to where expired messages were announced ('message.expired'): a partition goes only after.
  await sql`
    create table message_expiry_state (
      id boolean primary key default true check (id),
      announced_until timestamptz not null
    )`.execute(db);

  await sql.raw(`insert into messages (${COLUMNS}) select ${COLUMNS} from messages_unpartitioned`).execute(db);
  await sql`
    insert into message_client_ids (sender_id, client_id, message_id, expire_at)
    select sender_id, client_id, id, expire_at from messages where client_id is not null
    on conflict do nothing`.execute(db);
  await sql`drop table messages_unpartitioned`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table messages rename to messages_partitioned`.execute(db);
  for (const name of ['messages_room_seq', 'messages_receiver_unread', 'messages_expire'])
    await sql`alter index ${sql.ref(name)} rename to ${sql.ref(`${name}_partitioned`)}`.execute(db);
  await sql`
    create table messages (like messages_partitioned including defaults, primary key (seq), unique (id))`.execute(db);
  await sql`alter sequence messages_seq_seq owned by messages.seq`.execute(db);
  await sql`create index messages_room_seq on messages (room_id, seq)`.execute(db);
  await sql`create index messages_receiver_unread on messages (receiver_id, is_read)`.execute(db);
  await sql`create index messages_expire on messages (expire_at)`.execute(db);
  await sql`create unique index messages_client_id on messages (sender_id, client_id) where client_id is not null`.execute(
    db,
  );
  await sql.raw(`insert into messages (${COLUMNS}) select ${COLUMNS} from messages_partitioned`).execute(db);
  await sql`drop table messages_partitioned`.execute(db);
  await sql`drop table message_client_ids`.execute(db);
  await sql`drop table message_expiry_state`.execute(db);
}
