import { describe, expect, it } from 'vitest';

import { RealtimeHub } from '../src/index.ts';

const fakeSource = () => {
  const log: string[] = [];
  return {
    log,
    subscribe(channel: string) {
      log.push(`+${channel}`);
      return () => log.push(`-${channel}`);
    },
  };
};

describe('RealtimeHub channels', () => {
  it('keeps wanted channels across sockets and counts screens per channel', () => {
    const hub = new RealtimeHub();
    const offA = hub.channel('topics:thread:1');
    const offB = hub.channel('topics:thread:1');
    const first = fakeSource();
    hub.attach(first);
    expect(first.log).toEqual(['+topics:thread:1']);

    const second = fakeSource();
    hub.attach(second);
    expect(first.log).toEqual(['+topics:thread:1', '-topics:thread:1']);
    expect(second.log).toEqual(['+topics:thread:1']);

    offA();
    offA();
    expect(second.log).toEqual(['+topics:thread:1']);
    offB();
    expect(second.log).toEqual(['+topics:thread:1', '-topics:thread:1']);
    expect(hub.channels).toEqual([]);
  });

  it('tells status listeners about the socket', () => {
    const hub = new RealtimeHub();
    const seen: string[] = [];
    const off = hub.onStatus((s) => seen.push(s));
    hub.setStatus('open');
    hub.setStatus('reconnecting');
    off();
    hub.setStatus('open');
    expect(seen).toEqual(['open', 'reconnecting']);
    expect(hub.status).toBe('open');
  });

  it('keeps what the gateway says it lost (system.status) apart from other events, and forgets it on a new socket', () => {
    const hub = new RealtimeHub();
    const parts: (readonly string[])[] = [];
    const events: string[] = [];
    hub.onSystemStatus((down) => parts.push(down));
    hub.subscribe((e) => events.push(e.type));
    hub.setStatus('open');
    hub.emit({ type: 'system.status', at: '', data: { down: ['bus', 'cache'] } });
    hub.emit({ type: 'system.status', at: '', data: { down: ['cache', 'bus'] } });
    expect(hub.systemDown).toEqual(['bus', 'cache']);
    hub.emit({ type: 'system.status', at: '', data: { down: [] } });
    hub.emit({ type: 'system.status', at: '', data: { down: ['cache'] } });
    // A new socket may reach another gateway, which says after hello if it lacks a part.
    hub.setStatus('reconnecting');
    hub.setStatus('open');
    expect(parts).toEqual([['bus', 'cache'], [], ['cache'], []]);
    expect(events).toEqual([]);
  });
});
