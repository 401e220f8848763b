import { getApi } from '@honne/api-client';
import { REALTIME_TYPES } from '@honne/contracts/realtime';
import { TOPIC_CHANNEL_EVENTS, type Topic } from '@honne/contracts/topics';
import { dataOf, realtimeEvents } from '@honne/contracts/realtime-events';
import { useEffect, useRef } from 'react';

export interface TopicEventHandlers {
  created?: (topic: Topic) => void;
  /** Expired, deleted (replaced by a newer voice) or a history entry gone ('13'). */
  removed?: (topicId: string) => void;
  /** The socket came back after a drop, or 30 s passed: reload the first page. */
  resync?: () => void;
}

const RESYNC_EVERY_MS = 30_000;

/**
 * New and removed voices for a live list: subscribes `channel` (topics publishes on
 * `topics:thread:<id>`, `topics:sub:<id>`, `topics:category:<id>` and `topics:all`), listens for
 * `topic.created` / `topic.expired` / `topic.deleted` and the per-user '13', and — so the list is
 * right even where channel delivery is missing — refetches after a reconnect and every 30 s
 * while the page is visible.
 */
export function useTopicEvents(channel: string | null, handlers: TopicEventHandlers) {
  const ref = useRef(handlers);
  ref.current = handlers;

  useEffect(() => {
    if (!channel) return;
    return getApi().realtime.channel(channel);
  }, [channel]);

  useEffect(() => {
    const hub = getApi().realtime;
    const offEvents = hub.subscribe((event) => {
      const data = event.data as Record<string, unknown> | null;
      const created = dataOf(event, realtimeEvents.topicCreated);
      if (created) {
        ref.current.created?.(created);
      } else if (
        (event.type === TOPIC_CHANNEL_EVENTS.expired ||
          event.type === TOPIC_CHANNEL_EVENTS.deleted ||
          event.type === REALTIME_TYPES.historyDeleted) &&
        data &&
        typeof data.topic_id === 'string'
      ) {
        ref.current.removed?.(data.topic_id);
      }
    });
    let last = hub.status;
    const offStatus = hub.onStatus((status) => {
      if (status === 'open' && last !== 'open' && last !== 'idle' && last !== 'connecting') ref.current.resync?.();
      last = status;
    });
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') ref.current.resync?.();
    }, RESYNC_EVERY_MS);
    return () => {
      offEvents();
      offStatus();
      clearInterval(timer);
    };
  }, []);
}
