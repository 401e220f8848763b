import { RealtimeHub } from '@honne/api-client';
import { realtimeEvents, type RealtimeDataOf } from '@honne/contracts/realtime-events';
import type { Topic } from '@honne/contracts/topics';
import { describe, expect, it } from 'vitest';

import { bindTopicEvents } from '../src/features/shared/useTopicEvents.ts';
import { appendPage, emptyPaged, placeItem } from '../src/lib/pages.ts';

const at = '2026-11-28T03:00:00.000Z';
const row = (id: string, created_at: string) => ({ id, created_at });

// Issue 27: open lists drop a voice moderation hides and put back one it shows again.
describe('voices hidden and shown by moderation, live', () => {
  it('reach a list as removed (and hidden) and shown, typed by the contracts', () => {
    const hub = new RealtimeHub();
    const got: string[] = [];
    const off = bindTopicEvents(hub, () => ({
      removed: (id) => got.push(`removed ${id}`),
      hidden: (id) => got.push(`hidden ${id}`),
      shown: (t) => got.push(`shown ${t.id} ${t.title}`),
    }));
    const hidden: RealtimeDataOf<'topicHidden'> = { topic_id: 'v1', thread_id: 'th1' };
    hub.emit({ type: realtimeEvents.topicHidden.type, at, data: hidden });
    hub.emit({ type: realtimeEvents.topicShown.type, at, data: { id: 'v2', title: '戻った声' } as Topic });
    // Expiry still removes without saying 'hidden' (the detail tells the two apart).
    hub.emit({ type: realtimeEvents.topicExpired.type, at, data: { topic_id: 'v3', thread_id: 'th1' } });
    off();
    hub.emit({ type: realtimeEvents.topicHidden.type, at, data: hidden });
    expect(got).toEqual(['hidden v1', 'removed v1', 'shown v2 戻った声', 'removed v3']);
  });

  it('put a voice shown again in its place among the loaded rows, or leave it to a later page', () => {
    const s = appendPage(
      emptyPaged<{ id: string; created_at: string }>(),
      [row('c', '2026-11-28T03:00'), row('a', '2026-11-28T01:00')],
      'cur',
    );
    expect(placeItem(s, row('b', '2026-11-28T02:00')).items.map((i) => i.id)).toEqual(['c', 'b', 'a']);
    expect(placeItem(s, row('d', '2026-11-28T04:00')).items.map((i) => i.id)).toEqual(['d', 'c', 'a']);
    // Older than every loaded row while more pages remain: the next page brings it.
    expect(placeItem(s, row('z', '2026-11-28T00:00'))).toBe(s);
    expect(placeItem(s, row('c', '2026-11-28T03:00'))).toBe(s);
    const empty = { ...s, items: [] };
    expect(placeItem(empty, row('z', '2026-11-28T00:00')).items.map((i) => i.id)).toEqual(['z']);
    const done = { ...s, done: true };
    expect(placeItem(done, row('z', '2026-11-28T00:00')).items.map((i) => i.id)).toEqual(['c', 'a', 'z']);
  });
});
