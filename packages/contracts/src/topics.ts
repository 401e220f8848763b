import { Type, type Static } from '@sinclair/typebox';

import { Envelope, ErrorEnvelope, Nullable, Uuid, endpoint, type FieldErrors } from './common.ts';
import { messages } from './messages.ts';

// Themes, voices, filters, history and replies: spec topics-chat-calls §1–§9 (issue 4).
// Field names are the spec's, including its spelling (`threadId` of updateClick is a voice id).

// ---- constants of §3, §5 and §9 ----

export const TOPIC_LIMITS = {
  titleMax: 100,
  textMax: 200,
  threadNameMax: 100,
  pageSize: 30,
  priceStep: 10,
  /** Categories with an id below this appear in the latest-posts picker; from it on, topic_max_num applies. */
  pickerCategoryBelow: 6,
  allAreasId: 1,
  areaMaxId: 48,
  ageMaxId: 6,
} as const;

/** Expiry options of §3 (id, minutes); the posting side defaults to 60 minutes (id 5). */
export const EXPIRE_OPTIONS = [
  { id: 1, minutes: 5, label: '5分' },
  { id: 2, minutes: 10, label: '10分' },
  { id: 3, minutes: 20, label: '20分' },
  { id: 4, minutes: 30, label: '30分' },
  { id: 5, minutes: 60, label: '1時間' },
  { id: 6, minutes: 120, label: '2時間' },
  { id: 7, minutes: 180, label: '3時間' },
  { id: 8, minutes: 360, label: '6時間' },
  { id: 9, minutes: 720, label: '12時間' },
  { id: 10, minutes: 1440, label: '24時間' },
  { id: 11, minutes: 2880, label: '48時間' },
  { id: 12, minutes: 4320, label: '72時間' },
] as const;
export const DEFAULT_EXPIRE_MINUTES = 60;

/** Filter choices of §3: presence 0 all / 1 present / 2 not present; gender 0 all / 1 male / 2 female / 3 unspecified; age 0 all, 1–6. */
export const PRESENCE = { all: 0, present: 1, absent: 2 } as const;
export const HISTORY_TYPES = { all: 0, myTopic: 1, othersTopic: 2 } as const;
export const REPLY_TYPES = { all: '0', replied: '1' } as const;

/** What an anonymous poster or participant is called where a name would stand. */
export const ANONYMOUS_NAME = '匿名さん';

/** Real-time channels the topics service announces voices on (client frame `{type:'subscribe', channel}`). */
export const topicChannels = {
  all: 'topics:all',
  thread: (threadId: string) => `topics:thread:${threadId}`,
  subCategory: (id: number) => `topics:sub:${id}`,
  category: (id: number) => `topics:category:${id}`,
} as const;
/** Channel event types. */
export const TOPIC_CHANNEL_EVENTS = {
  created: 'topic.created',
  expired: 'topic.expired',
  deleted: 'topic.deleted',
  /** An operator hid the voice, or its poster was suspended or banned: gone for all but its poster. */
  hidden: 'topic.hidden',
  /** Shown again (restored, or its poster's restriction lifted): a list may put it back in place. */
  shown: 'topic.shown',
} as const;

// ---- entities of §3 ----

export const Category = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Live voices allowed per theme in this category (ids above 5); null when unlimited. */
  topic_max_num: Nullable(Type.Integer()),
});
export type Category = Static<typeof Category>;

export const SubCategory = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  category_id: Type.Integer(),
  topic_expire_after_max_minutes: Type.Integer(),
  /** True when a password gate protects it; the password itself is never sent. */
  has_password: Type.Boolean(),
  /** True when there is no gate or the caller has passed it. */
  is_unlocked: Type.Boolean(),
});
export type SubCategory = Static<typeof SubCategory>;

export const ThreadCounts = Type.Object({ total: Type.Integer(), total_callable: Type.Integer() });

export const Thread = Type.Object({
  id: Type.String(),
  name: Type.String(),
  area_id: Type.Integer(),
  category_id: Type.Integer(),
  sub_category_id: Type.Integer(),
  /** The creator; null for a theme the service named automatically. */
  user_id: Nullable(Type.String()),
  is_default: Type.Boolean(),
  is_mine: Type.Boolean(),
  created_at: Type.String(),
  /** Live voices (only on GET /threads/{id} and POST /threads/join). */
  topic: Type.Optional(ThreadCounts),
});
export type Thread = Static<typeof Thread>;

const IdOnly = Type.Object({ id: Type.Integer() });

/**
 * A poster or participant as lists show them. Anonymous people come with id, user_name and
 * profile_image null (user_name reads ANONYMOUS_NAME) and is_anonymous true; links are never here.
 * Area and age are ids: the screens name them from GET /areas and GET /age.
 */
export const UserCard = Type.Object({
  id: Nullable(Type.String()),
  user_name: Nullable(Type.String()),
  profile_image: Nullable(Type.String()),
  gender: Nullable(Type.String()),
  age: Nullable(IdOnly),
  age_id: Nullable(Type.Integer()),
  area: Nullable(IdOnly),
  area_id: Nullable(Type.Integer()),
  is_anonymous: Type.Boolean(),
  /** The expert mark; never on an anonymous card. */
  is_expert: Type.Boolean(),
});
export type UserCard = Static<typeof UserCard>;

/** `expire_at` as the spec's client reads it: `{_seconds}` since the epoch. */
export const Timestamp = Type.Object({ _seconds: Type.Integer(), iso: Type.String() });
export type Timestamp = Static<typeof Timestamp>;

export const Topic = Type.Object({
  id: Type.String(),
  thread_id: Type.String(),
  /** The poster; null on an anonymous voice unless the caller posted it. */
  user_id: Nullable(Type.String()),
  user: UserCard,
  title: Type.String(),
  detail: Type.String(),
  comment: Type.String(),
  category_id: Type.Integer(),
  sub_category_id: Type.Integer(),
  area_id: Type.Integer(),
  chat_price: Type.Integer(),
  call_price: Type.Integer(),
  time_call_price: Type.Integer(),
  purchase_on_start: Type.Boolean(),
  purchase_type: Type.Integer(),
  is_callable: Type.Boolean(),
  is_anonymous: Type.Boolean(),
  is_not_free: Type.Boolean(),
  click_number: Type.Integer(),
  heart_number: Type.Integer(),
  expire_at: Timestamp,
  expire_after_minute: Type.Integer(),
  deleted_at: Type.Null(),
  /**
   * The caller's room on this voice, filled by `GET /topics/{id}` (for the owner, the one named by
   * `?room_id=`, since the owner has a room per replier); null in lists and when there is none.
   */
  room: Nullable(Type.Object({ id: Type.String() })),
  room_id: Nullable(Type.String()),
  created_at: Type.String(),
  /** The caller posted it. */
  is_mine: Type.Boolean(),
  /** The caller created the theme it stands in. */
  is_thread_owner: Type.Boolean(),
  /**
   * Posted by the theme's maker under their name (the highlighted row). Never true for an
   * anonymous voice seen by someone else: it would name the poster.
   */
  by_theme_maker: Type.Boolean(),
});
export type Topic = Static<typeof Topic>;

export const HistoryItem = Type.Object({
  id: Type.String(),
  room_id: Type.String(),
  /** 1 when the voice is the caller's own (my topic), 2 when it is someone else's. */
  type: Type.Integer(),
  topic: Topic,
  topic_creator: UserCard,
  /** The other person of the room. */
  user: UserCard,
  room: Type.Object({ id: Type.String() }),
  latest_message: Nullable(Type.String()),
  /** Messages in the room the caller has not read yet. */
  unread_count: Type.Integer(),
  expire_at: Timestamp,
  updated_at: Type.String(),
});
export type HistoryItem = Static<typeof HistoryItem>;

export const Reply = Type.Object({
  id: Type.String(),
  /** Null when the replier is anonymous. */
  user_id: Nullable(Type.String()),
  topic_id: Type.String(),
  room_id: Type.String(),
  is_anonymous: Type.Boolean(),
  anonymous: Type.Boolean(),
  is_replied: Type.Boolean(),
  user: UserCard,
  topic: Topic,
  /** The latest message in the room and how many the owner has not read (from chat). */
  latest_message: Nullable(Type.String()),
  unread_count: Type.Integer(),
  created_at: Type.String(),
});
export type Reply = Static<typeof Reply>;

export const FilterHistory = Type.Object({
  user_status: Type.Integer(),
  gender: Nullable(Type.String()),
  age_id: Nullable(Type.Integer()),
  area_id: Nullable(Type.Integer()),
  area: Nullable(Type.String()),
  category_id: Nullable(Type.Integer()),
  category: Nullable(Type.String()),
  sub_category_id: Nullable(Type.Integer()),
  sub_category: Nullable(Type.String()),
  latest_joined_thread: Nullable(Type.String()),
  is_first_search: Type.Boolean(),
});
export type FilterHistory = Static<typeof FilterHistory>;

/** The saved filter of a user who has chosen nothing yet: their first search is still ahead. */
export const NO_FILTER: FilterHistory = {
  user_status: 0,
  gender: null,
  age_id: null,
  area_id: null,
  area: null,
  category_id: null,
  category: null,
  sub_category_id: null,
  sub_category: null,
  latest_joined_thread: null,
  is_first_search: true,
};

// ---- request payloads of §7 ----

const S = (max: number) => Type.String({ maxLength: max });
const Int = (min = 0, max = 1_000_000) => Type.Integer({ minimum: min, maximum: max });

export const CategoryQuery = Type.Object({ category_id: Type.Optional(Int()) });
/** The spec's `POST /subCategories` sends the category in its body, as a number or as text. */
export const CategoryBody = Type.Object({
  category_id: Type.Optional(Nullable(Type.Union([Int(), Type.String({ pattern: '^[0-9]{1,9}$', maxLength: 9 })]))),
});
export const SubCategoryParams = Type.Object({ id: Int() });
export const UnlockBody = Type.Object({ pw: Type.Optional(S(200)) });

export const ThreadCreateBody = Type.Object({
  name: Type.Optional(S(2000)),
  area_id: Type.Optional(Int()),
  category_id: Type.Optional(Int()),
  sub_category_id: Type.Optional(Int()),
});
export type ThreadCreateBody = Static<typeof ThreadCreateBody>;

export const ThreadJoinBody = Type.Object({
  area_id: Type.Optional(Int()),
  category_id: Type.Optional(Int()),
  sub_category_id: Type.Optional(Int()),
});
export type ThreadJoinBody = Static<typeof ThreadJoinBody>;

const Page = {
  last_doc_id: Type.Optional(S(80)),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
};

export const ThreadListQuery = Type.Object({
  area_id: Type.Optional(Int()),
  category_id: Type.Optional(Int()),
  sub_category_id: Type.Optional(Int()),
  ...Page,
});
export type ThreadListQuery = Static<typeof ThreadListQuery>;

export const TopicListQuery = Type.Object({
  area_id: Type.Optional(Int()),
  category_id: Type.Optional(Int()),
  sub_category_id: Type.Optional(Int()),
  thread_id: Type.Optional(Uuid()),
  gender: Type.Optional(Int(0, 3)),
  age_id: Type.Optional(Int(0, 6)),
  user_status: Type.Optional(Int(0, 2)),
  ...Page,
});
export type TopicListQuery = Static<typeof TopicListQuery>;

export const TopicCreateBody = Type.Object({
  title: Type.Optional(S(2000)),
  detail: Type.Optional(S(4000)),
  comment: Type.Optional(S(4000)),
  sub_category_id: Type.Optional(Int()),
  /** The area selected on the list; id 1 (all areas) cannot be posted to. */
  area_id: Type.Optional(Int()),
  is_callable: Type.Optional(Type.Boolean()),
  is_anonymous: Type.Optional(Type.Boolean()),
  chat_price: Type.Optional(Type.Integer()),
  call_price: Type.Optional(Type.Integer()),
  time_call_price: Type.Optional(Int(1, 1000)),
  purchase_on_start: Type.Optional(Type.Boolean()),
  purchase_type: Type.Optional(Int(0, 10)),
  expire_after_minute: Type.Optional(Type.Integer()),
  /** Ignored: the server derives it from the prices. */
  is_not_free: Type.Optional(Type.Boolean()),
});
export type TopicCreateBody = Static<typeof TopicCreateBody>;

export const TopicUpdateBody = Type.Object({ is_callable: Type.Boolean() });
export const TopicGetQuery = Type.Object({ room_id: Type.Optional(Uuid()) });
export const UserTopicsQuery = Type.Object({ thread_id: Uuid() });

export const ClickBody = Type.Object({
  /** The voice's id (the spec's client names it threadId). */
  threadId: Uuid(),
  /** Optional; when sent it must be the caller. */
  clickUserId: Type.Optional(Uuid()),
});
export const ClickResult = Type.Object({
  topic_id: Type.String(),
  click_number: Type.Integer(),
  counted: Type.Boolean(),
});

export const HeartResult = Type.Object({
  topic_id: Type.String(),
  heart_number: Type.Integer(),
  counted: Type.Boolean(),
});
export const TopicReportBody = Type.Object({ content: Type.Optional(S(5000)) });

export const HistoryQuery = Type.Object({ type: Type.Optional(Int(0, 2)), ...Page });
export const HistoryUpdateBody = Type.Object({ room_id: Uuid(), latest_message: Type.Optional(S(2000)) });
export const ReplyListQuery = Type.Object({
  type: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
  ...Page,
});

export const FilterBody = Type.Object({
  user_status: Type.Optional(Int(0, 2)),
  // Text, as the filter screen sends it, or a number (the spec gives no type: 0 all, 1 male, 2 female, 3 unspecified).
  gender: Type.Optional(
    Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('2'), Type.Literal('3'), Int(0, 3)]),
  ),
  age_id: Type.Optional(Int(0, 6)),
  area_id: Type.Optional(Int()),
  area: Type.Optional(S(40)),
  /** 0: all categories (the category, its sub-category and theme cleared). */
  category_id: Type.Optional(Int()),
  sub_category_id: Type.Optional(Int()),
  latest_joined_thread: Type.Optional(Nullable(Uuid())),
  /**
   * The spec's saved-filter update sends the names beside the ids. The server owns them (they follow
   * from `category_id` / `sub_category_id`): accepted and ignored.
   */
  category: Type.Optional(Nullable(S(100))),
  sub_category: Type.Optional(Nullable(S(100))),
});
export type FilterBody = Static<typeof FilterBody>;

export const FirstSearchBody = Type.Object({ is_first_search: Type.Boolean() });

// ---- endpoints ----

const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 429: ErrorEnvelope };
const TopicParams = Type.Object({ id: Uuid() });

export const topicsEndpoints = {
  categories: endpoint({
    method: 'GET',
    url: '/categories',
    service: 'topics',
    summary: 'Categories (ids 1–5 for the latest-posts picker)',
    /** Reference data the splash loads before login (spec §2); cacheable. */
    auth: 'public',
    schema: { response: { 200: Envelope(Type.Array(Category)), ...errors } },
  }),
  subCategories: endpoint({
    method: 'GET',
    url: '/subCategories',
    service: 'topics',
    summary: 'Sub-categories of a category, with their longest expiry and whether a password gate applies',
    /** Reference data the splash loads before login (spec §2); cacheable. */
    auth: 'public',
    schema: { querystring: CategoryQuery, response: { 200: Envelope(Type.Array(SubCategory)), ...errors } },
  }),
  subCategoriesPost: endpoint({
    method: 'POST',
    url: '/subCategories',
    service: 'topics',
    summary: "The spec's POST form of GET /subCategories: the sub-categories of the body's category",
    auth: 'public',
    schema: { body: CategoryBody, response: { 200: Envelope(Type.Array(SubCategory)), ...errors } },
  }),
  subCategory: endpoint({
    method: 'GET',
    url: '/subCategories/:id',
    service: 'topics',
    summary: 'One sub-category',
    /** Reference data the splash loads before login (spec §2); cacheable. */
    auth: 'public',
    schema: { params: SubCategoryParams, response: { 200: Envelope(SubCategory), ...errors } },
  }),
  unlockSubCategory: endpoint({
    method: 'POST',
    url: '/subCategories/:id/unlock',
    service: 'topics',
    summary: "Pass a sub-category's password gate (remembered for the caller)",
    auth: 'user',
    rateLimit: 'auth',
    schema: { params: SubCategoryParams, body: UnlockBody, response: { 200: Envelope(SubCategory), ...errors } },
  }),
  createThread: endpoint({
    method: 'POST',
    url: '/threads',
    service: 'topics',
    summary: 'Create a theme under area, category and sub-category',
    auth: 'user',
    schema: { body: ThreadCreateBody, response: { 200: Envelope(Thread), ...errors } },
  }),
  joinThread: endpoint({
    method: 'POST',
    url: '/threads/join',
    service: 'topics',
    summary:
      "The theme-search step: the newest theme of the sub-category and area (a default-named one is created when none exists), saved as the caller's latest_joined_thread",
    auth: 'user',
    schema: { body: ThreadJoinBody, response: { 200: Envelope(Thread), ...errors } },
  }),
  threads: endpoint({
    method: 'GET',
    url: '/threads',
    service: 'topics',
    summary: 'Themes, newest first, 30 a page; a category needs a sub-category',
    auth: 'user',
    schema: { querystring: ThreadListQuery, response: { 200: Envelope(Type.Array(Thread)), ...errors } },
  }),
  thread: endpoint({
    method: 'GET',
    url: '/threads/:id',
    service: 'topics',
    summary: 'One theme with its live voice counts',
    auth: 'user',
    schema: { params: TopicParams, response: { 200: Envelope(Thread), ...errors } },
  }),
  createTopic: endpoint({
    method: 'POST',
    url: '/topics/:id',
    service: 'topics',
    summary: "Post a voice in theme :id; replaces the caller's earlier voices there",
    auth: 'user',
    schema: { params: TopicParams, body: TopicCreateBody, response: { 200: Envelope(Topic), ...errors } },
  }),
  topics: endpoint({
    method: 'GET',
    url: '/topics',
    service: 'topics',
    summary: 'Live voices, newest first, 30 a page, filtered by theme, poster and presence',
    auth: 'user',
    schema: { querystring: TopicListQuery, response: { 200: Envelope(Type.Array(Topic)), ...errors } },
  }),
  topic: endpoint({
    method: 'GET',
    url: '/topics/:id',
    service: 'topics',
    summary: 'One live voice',
    auth: 'user',
    schema: { params: TopicParams, querystring: TopicGetQuery, response: { 200: Envelope(Topic), ...errors } },
  }),
  updateTopic: endpoint({
    method: 'PUT',
    url: '/topics/:id',
    service: 'topics',
    summary: 'Allow or refuse incoming talks on my voice (is_callable)',
    auth: 'user',
    schema: { params: TopicParams, body: TopicUpdateBody, response: { 200: Envelope(Topic), ...errors } },
  }),
  updateClick: endpoint({
    method: 'PATCH',
    url: '/topics/updateClick',
    service: 'topics',
    summary: 'Count one click per user per voice (threadId is the voice id)',
    auth: 'user',
    schema: { body: ClickBody, response: { 200: Envelope(ClickResult), ...errors } },
  }),
  heart: endpoint({
    method: 'POST',
    url: '/topics/:id/heart',
    service: 'topics',
    summary: 'Send a heart to a voice (once per user; not to your own)',
    auth: 'user',
    schema: { params: TopicParams, response: { 200: Envelope(HeartResult), ...errors } },
  }),
  reportTopic: endpoint({
    method: 'POST',
    url: '/topics/:id/report',
    service: 'topics',
    summary: 'Report a voice (anonymous ones too: the poster is known to the server only)',
    auth: 'user',
    schema: {
      params: TopicParams,
      body: TopicReportBody,
      response: { 200: Envelope(Type.Object({ message: Type.String() })), ...errors },
    },
  }),
  myTopics: endpoint({
    method: 'GET',
    url: '/users/topics',
    service: 'topics',
    summary: 'My live voices in a theme',
    auth: 'user',
    schema: { querystring: UserTopicsQuery, response: { 200: Envelope(Type.Array(Topic)), ...errors } },
  }),
  replyList: endpoint({
    method: 'GET',
    url: '/topics/:id/reply-list',
    service: 'topics',
    summary: "People who opened a room on my voice ('0' all, '1' replied)",
    auth: 'user',
    schema: {
      params: TopicParams,
      querystring: ReplyListQuery,
      response: { 200: Envelope(Type.Array(Reply)), ...errors },
    },
  }),
  history: endpoint({
    method: 'GET',
    url: '/history',
    service: 'topics',
    summary: 'My history: 0 all, 1 my voices, 2 others’ voices',
    auth: 'user',
    schema: { querystring: HistoryQuery, response: { 200: Envelope(Type.Array(HistoryItem)), ...errors } },
  }),
  updateHistory: endpoint({
    method: 'POST',
    url: '/history',
    service: 'topics',
    summary: "Set the latest message of a room's history entries (participants only)",
    auth: 'user',
    schema: {
      body: HistoryUpdateBody,
      response: { 200: Envelope(Type.Object({ room_id: Type.String(), updated: Type.Integer() })), ...errors },
    },
  }),
  getFilter: endpoint({
    method: 'GET',
    url: '/users/filter',
    service: 'topics',
    summary: 'My saved filter and theme history',
    auth: 'user',
    schema: { response: { 200: Envelope(FilterHistory), ...errors } },
  }),
  saveFilter: endpoint({
    method: 'POST',
    url: '/users/filter',
    service: 'topics',
    summary: 'Save filter fields and theme history (at least one field)',
    auth: 'user',
    schema: { body: FilterBody, response: { 200: Envelope(FilterHistory), ...errors } },
  }),
  firstSearch: endpoint({
    method: 'PUT',
    url: '/users/first_search',
    service: 'topics',
    summary: 'Set the first-search flag of the theme-search flow',
    auth: 'user',
    schema: { body: FirstSearchBody, response: { 200: Envelope(FilterHistory), ...errors } },
  }),
} as const;

// ---- rules shared by the server and the screens ----

/** Length in characters as a person counts them (surrogate pairs count once). */
export const charLength = (s: string) => [...s].length;

export interface TopicRuleInput {
  title?: string;
  detail?: string;
  comment?: string;
}

/** Title ≤100 and detail/comment ≤200 after trimming (spec §5). */
export function validateTopicText(body: TopicRuleInput): FieldErrors {
  const errors: FieldErrors = {};
  const title = (body.title ?? '').trim();
  if (title.length === 0) errors.title = messages.titleRequired;
  else if (charLength(title) > TOPIC_LIMITS.titleMax) errors.title = messages.maxLength100;
  for (const field of ['detail', 'comment'] as const) {
    if (charLength((body[field] ?? '').trim()) > TOPIC_LIMITS.textMax) errors[field] = messages.maxLength200;
  }
  return errors;
}

/** Theme creation (spec §5): area (not 1), category and sub-category, and a name ≤100. */
export function validateThreadCreate(body: ThreadCreateBody): FieldErrors {
  const errors: FieldErrors = {};
  const name = (body.name ?? '').trim();
  if (name.length === 0) errors.name = messages.threadNameRequired;
  else if (charLength(name) > TOPIC_LIMITS.threadNameMax) errors.name = messages.maxLength100;
  Object.assign(errors, validateThemeChoice(body));
  return errors;
}

/** Area, category and sub-category of a theme; area 1 (all areas) is not a place to post. */
export function validateThemeChoice(body: {
  area_id?: number;
  category_id?: number;
  sub_category_id?: number;
}): FieldErrors {
  const errors: FieldErrors = {};
  if (!isPostableArea(body.area_id)) errors.area_id = messages.areaRequired;
  if (!body.category_id) errors.category_id = messages.categoryRequired;
  else if (!body.sub_category_id) errors.sub_category_id = messages.subCategoryRequired;
  return errors;
}

export const isPostableArea = (areaId: number | undefined | null) =>
  typeof areaId === 'number' && areaId > TOPIC_LIMITS.allAreasId && areaId <= TOPIC_LIMITS.areaMaxId;

/** 'all' (0, 1 or absent) means no area filter. */
export const areaFilter = (areaId: number | undefined | null) =>
  typeof areaId === 'number' && areaId > TOPIC_LIMITS.allAreasId ? areaId : undefined;

/** The expiry options a sub-category allows: those not above its maximum (spec §4). */
export function expireOptionsFor(maxMinutes: number) {
  const allowed = EXPIRE_OPTIONS.filter((o) => o.minutes <= maxMinutes);
  return allowed.length > 0 ? allowed : [EXPIRE_OPTIONS[0]];
}

/** The preselected expiry (spec §4): under 60 minutes the largest allowed option, otherwise 1 hour. */
export function defaultExpireMinutes(maxMinutes: number): number {
  if (maxMinutes < DEFAULT_EXPIRE_MINUTES) return expireOptionsFor(maxMinutes).at(-1)!.minutes;
  return DEFAULT_EXPIRE_MINUTES;
}

export function checkExpireMinutes(minutes: number, maxMinutes: number): string | undefined {
  if (!EXPIRE_OPTIONS.some((o) => o.minutes === minutes)) return messages.invalidChoice;
  if (!expireOptionsFor(maxMinutes).some((o) => o.minutes === minutes)) return messages.expireNotAllowed;
  return undefined;
}

/** Slider values (spec §5): 0 to the rank maximum, steps of 10; 0 is free. */
export function priceOptions(max: number): number[] {
  const out: number[] = [];
  for (let p = 0; p <= max; p += TOPIC_LIMITS.priceStep) out.push(p);
  return out;
}

export function checkPrice(price: number, max: number): string | undefined {
  if (!Number.isInteger(price) || price < 0 || price > max || price % TOPIC_LIMITS.priceStep !== 0)
    return messages.priceInvalid;
  return undefined;
}

/** The slider's first value: half the maximum, rounded up to a multiple of 10 (never above the maximum). */
export function initialPrice(max: number): number {
  if (max <= 0) return 0;
  const up = Math.ceil(max / 2 / TOPIC_LIMITS.priceStep) * TOPIC_LIMITS.priceStep;
  return up <= max ? up : Math.floor(max / TOPIC_LIMITS.priceStep) * TOPIC_LIMITS.priceStep;
}

/** A rank is usable when either maximum is non-zero (spec §3). */
export const rankUsable = (rank: { max_point_for_chatting: number; max_point_for_a_call: number }) =>
  rank.max_point_for_chatting > 0 || rank.max_point_for_a_call > 0;

export type CountdownStyle = 'normal' | 'warning' | 'seconds';

/**
 * The expiry countdown of §4: over 1 hour hours and minutes in normal style; 1 hour or less in
 * warning style; under 60 s the seconds; at or past expiry 0 seconds.
 */
export function countdown(
  expireAtMs: number,
  nowMs: number,
): { style: CountdownStyle; text: string; remainingSeconds: number } {
  const remainingSeconds = Math.max(0, Math.floor((expireAtMs - nowMs) / 1000));
  if (remainingSeconds < 60) return { style: 'seconds', text: `${remainingSeconds}秒`, remainingSeconds };
  const hours = Math.floor(remainingSeconds / 3600);
  const minutes = Math.floor((remainingSeconds % 3600) / 60);
  if (remainingSeconds > 3600) return { style: 'normal', text: `${hours}時間${minutes}分`, remainingSeconds };
  return { style: 'warning', text: hours === 1 ? '60分' : `${minutes}分`, remainingSeconds };
}

/** History names are cut after 6 characters when longer than 7 (spec §2). */
export const historyName = (name: string) => (charLength(name) > 7 ? `${[...name].slice(0, 6).join('')}…` : name);
