import { realtimeEvents } from '@honne/contracts/realtime-events';
import { inSpan, productCounter, productHistogram, SpanKind, tracingOn } from '@honne/service-kit';

// What the sockets carry (issue 29), by event type and command: never a user, room or message.

const KNOWN_TYPES = new Set<string>(Object.values(realtimeEvents).map((d) => d.type));
/** A type the contracts do not name is counted as 'other', so a stray string cannot add series. */
const typeLabel = (type: string) => (KNOWN_TYPES.has(type) ? type : 'other');

const written = productCounter('honne_realtime_events_written_total', 'Events written to sockets, by type and route', [
  'type',
  'via',
]);
const commands = productCounter('honne_realtime_commands_total', 'Socket commands answered, by command and status', [
  'command',
  'status',
]);
/** From the publisher's `at` to the socket write: a message's way from chat to its receiver's socket. */
const deliveryTime = productHistogram(
  'honne_realtime_delivery_seconds',
  'Time from an event being published to its socket write, by type',
  ['type'],
  [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5],
);

/**
 * After an event's socket writes: counted, timed, and (tracing on) a span in the trace that carried
 * the event over the bus, so one message send ends at its receiver's socket.
 */
export function countWritten(type: string, via: 'user' | 'channel', sockets: number, at: string, now: number): void {
  if (sockets === 0) return;
  const label = typeLabel(type);
  if (tracingOn())
    void inSpan(
      `socket write ${label}`,
      SpanKind.PRODUCER,
      { 'honne.sockets': sockets, 'honne.via': via },
      () => undefined,
    );
  written.inc({ type: label, via }, sockets);
  const published = Date.parse(at);
  if (Number.isFinite(published)) deliveryTime.observe({ type: label }, Math.max(0, now - published) / 1000);
}

export function countCommand(command: string, known: boolean, status: number): void {
  commands.inc({ command: known ? command : 'unknown', status: String(status) });
}
