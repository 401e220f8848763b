import { getApi, type RealtimeHub } from '@honne/api-client';
import type { Topic } from '@honne/contracts/topics';
import { useEffect, useRef } from 'react';

export interface TopicEventHandlers {
  created?: (topic: Topic) => void;
  /** Expired, deleted (replaced by a newer voice), hidden by moderation or a history entry gone ('13'). */
  removed?: (topicId: string) => void;
  /** Hidden by moderation only (a detail says so rather than 'time is up'); `removed` runs too. */
  hidden?: (topicId: string) => void;
  /** Shown again by moderation (restored, or its poster's restriction lifted): the public view. */
  shown?: (topic: Topic) => void;
  /** The socket came back after a drop, or 30 s passed: reload the first page. */
  resync?: () => void;
}

const RESYNC_EVERY_MS = 30_000;

/**
 * The voice events of the hub, typed by the contracts' realtime schemas, to `handlers` (read at
 * each event, so a screen may swap them); returns the function that stops listening.
 */
export function bindTopicEvents(hub: RealtimeHub, handlers: () => TopicEventHandlers): () => void {
  const removed = ({ topic_id }: { topic_id: string }) => handlers().removed?.(topic_id);
  const offs = [
    hub.on('topicCreated', (topic) => handlers().created?.(topic)),
    hub.on('topicExpired', removed),
    hub.on('topicDeleted', removed),
    hub.on('historyDeleted', removed),
    hub.on('topicHidden', (gone) => {
      handlers().hidden?.(gone.topic_id);
      removed(gone);
    }),
    hub.on('topicShown', (topic) => handlers().shown?.(topic)),
  ];
  return () => offs.forEach((off) => off());
}

/**
 * New and removed voices for a live list: subscribes `channel` (topics publishes on
 * `topics:thread:<id>`, `topics:sub:<id>`, `topics:category:<id>` and `topics:all`), listens for
 * `topic.created` / `topic.expired` / `topic.deleted`, moderation's `topic.hidden` / `topic.shown`
 * and the per-user '13', and — so the list is right even where channel delivery is missing —
 * refetches after a reconnect and every 30 s while the page is visible.
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
    const offEvents = bindTopicEvents(hub, () => ref.current);
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
