import type { ServiceName } from '@honne/contracts';

/**
 * Which service owns which part of /api/v1. Read it top to bottom: a path goes to the service of
 * the most specific prefix that matches (a longer prefix, or one naming `/rooms/:id/<action>`,
 * beats a shorter one). The upstream sees the path without `/api/v1`:
 * `POST /api/v1/users/login` reaches accounts as `POST /users/login`.
 * A path under none of these prefixes is answered 404 by the gateway itself.
 */
export const ROUTES_TABLE: Readonly<Record<ServiceName, readonly string[]>> = {
  accounts: ['/users', '/logout', '/age', '/areas', '/push'],
  topics: [
    '/categories',
    '/subCategories',
    '/threads',
    '/topics',
    '/history',
    '/users/filter',
    '/users/first_search',
    '/users/topics',
  ],
  // replied and showBonusStatus would reach chat under /rooms anyway; named so the table says so.
  chat: ['/rooms', '/messages', '/users/unread', '/rooms/:id/replied', '/rooms/:id/showBonusStatus'],
  calls: [
    '/calls',
    '/rooms/:id/calling',
    '/rooms/:id/callanswer',
    '/rooms/:id/pingOnPaidCall',
    '/rooms/:id/pingConnectRoomChat',
    '/rooms/:id/requestpaidcall',
    '/rooms/:id/confirmrequestpaidcall',
    '/rooms/:id/greeting',
    '/users/audio_record',
    // The spec's seven-part greeting upload (a prefix matches whole segments, so each is named).
    '/users/audio_record_1',
    '/users/audio_record_2',
    '/users/audio_record_3',
    '/users/audio_record_4',
    '/users/audio_record_5',
    '/users/audio_record_6',
    '/users/audio_record_7',
  ],
  points: ['/points', '/users/send_coin'],
  // The moderation service: its console (/admin/safety) and what the app asks it (/safety).
  safety: ['/admin/safety', '/safety'],
};

export const API_PREFIX = '/api/v1';

export interface RouteEntry {
  prefix: string;
  service: ServiceName;
}

/** The table as a flat list, each prefix once (a prefix claimed twice is a mistake worth failing on). */
export function routeEntries(table = ROUTES_TABLE): RouteEntry[] {
  const seen = new Map<string, ServiceName>();
  for (const [service, prefixes] of Object.entries(table) as [ServiceName, readonly string[]][]) {
    for (const prefix of prefixes) {
      const owner = seen.get(prefix);
      if (owner) throw new Error(`routes table: ${prefix} is claimed by both ${owner} and ${service}`);
      seen.set(prefix, service);
    }
  }
  return [...seen].map(([prefix, service]) => ({ prefix, service }));
}
